export * from './stored-file.js';
export * from './display.js';
export * from './upload-path.js';
export * from './file-kind.js';
