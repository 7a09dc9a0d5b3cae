/** Reading the pair's companies and charts, templates and journals takes one of the intercompany pages. */
export const INTERCOMPANY_PAGES = ['/intercompany-journals', '/intercompany-journal', '/intercompany-journal-template'];
