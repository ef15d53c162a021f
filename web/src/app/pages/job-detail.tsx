// Placeholder until this screen is built: the shared, honest "coming soon" panel.
export { Component } from './coming-soon-page';
