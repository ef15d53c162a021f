import './setup-unit';
