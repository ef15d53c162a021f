// The geo module's public entry.
export { geoRoutes } from './geo.routes';
