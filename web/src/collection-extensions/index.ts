// Every collection's extension registers itself before a screen asks the registry.
import './extensions';

export { useCollectionExtension } from './use-collection-extension';
export { CollectionListActions } from './list-actions';
export { guardedFieldsOf, importRequirements, listEntryView, listViewOf, useEntryTitles } from './registry';
