// The photos module's public entry: photos of a job and of a proposed change (docs/api/photos.md).

export { attachPhotos, type PhotoRow, type PhotoTarget, photosOf, photoView } from './photos.repository';
export { photoRoutes } from './photos.routes';
