/** The edit Web Worker: writes the text of graph and Inspector edits of big documents (see editService.ts). */
import { expose } from 'comlink';
import { createEditService } from './editService.ts';

expose(createEditService());
