/** The import Web Worker: reading, checking, projecting and laying out imported files (see importService.ts). */
import { expose } from 'comlink';
import { createImportService } from './importService.ts';

expose(createImportService());
