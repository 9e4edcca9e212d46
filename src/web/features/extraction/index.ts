/** The PDF extraction's door: app/ imports only from here and hands PdfExtractor to other features as a slot. */
export { PdfExtractor } from './components/pdf-extractor.js';
export { ExtractionReview } from './components/extraction-review.js';
