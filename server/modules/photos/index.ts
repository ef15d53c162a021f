// The photos module's public entry: photos of a job and of a proposed change (docs/api/photos.md).
export { photoRoutes } from './photos.routes';
