// The field widgets another editor embeds as they are (the layout editor's property panel edits a
// node's rich text, image, video and file with the form's own widgets).
export { EditorField } from './widgets/EditorField';
export { FileField } from './widgets/FileField';
export { ImageField } from './widgets/ImageField';
export { VideoField } from './widgets/VideoField';
