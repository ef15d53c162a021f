// The photos module's public entry: photos of a job and of a proposed change (docs/api/photos.md).

export {
  attachPhotos,
  type PhotoJson,
  type PhotoRow,
  type PhotoTarget,
  photosJsonOfJob,
  photosOfChanges,
  photoView,
  photoViewOfJson,
} from './photos.repository';
export { photoRoutes } from './photos.routes';
export { deletePhotoFiles, type PhotoDeps, removeStalePhotos } from './photos.service';
