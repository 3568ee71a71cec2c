/** Limits of test files, apart from their parser so the page knows them before it loads. */

/** Test files larger than this are refused before parsing. */
export const MAX_TEST_FILE_CHARS = 5 * 1024 * 1024;
