// What photos offers other features: the uploader (Post a Job, editing a job, proposing a change) and
// the gallery with its viewer.
export { PhotoGallery } from './photo-gallery';
export { PhotoPicker } from './photo-picker';
export { type PhotoItem, type PhotoList, usePhotoList } from './use-photo-list';
