// A subpath of its own (@resim/domain/email): only the pages and services that send email load handlebars.
export * from './template-catalogue';
export * from './template-analysis';
export * from './render-template';
export * from './html-to-text';
