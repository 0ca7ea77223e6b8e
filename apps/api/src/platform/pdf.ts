import type * as PdfLib from 'pdf-lib';
import type { PDFObject, PDFRef } from 'pdf-lib';
import { lazyRequire } from './lazy';

/** pdf-lib, loaded with the first PDF to clean rather than at start (decision 019). */
const pdfLib = lazyRequire<typeof PdfLib>('pdf-lib');

/** Entries that make a PDF act by itself: on opening, on page or form events, or with attached files. */
const ACTIVE_ENTRIES = ['OpenAction', 'AA', 'JavaScript', 'JS', 'EmbeddedFiles', 'XFA', 'RichMedia'];
/** The one kind of action kept: a jump inside the document (links in a table of contents). */
const GO_TO = 'GoTo';

export class UnreadablePdfError extends Error {}

/**
 * Parses a PDF and writes it again without what can act when it is opened: JavaScript, automatic
 * and event actions, launch and submit actions, attached files and XFA forms. Objects no longer
 * reachable from the document are dropped, so a removed script is not left in the file either.
 * Throws UnreadablePdfError (with the reason) for bytes that do not parse as a PDF with pages.
 */
export async function sanitizePdf(data: Uint8Array): Promise<Buffer> {
  const { PDFArray, PDFDict, PDFDocument, PDFRef, PDFStream } = pdfLib();
  const document = await PDFDocument.load(data, { updateMetadata: false }).catch((error: unknown) => {
    const encrypted = error instanceof Error && error.name === 'EncryptedPDFError';
    throw new UnreadablePdfError(encrypted ? 'it is encrypted; send it without a password' : 'it is not a readable PDF');
  });
  const pages = (() => {
    try {
      return document.getPageCount();
    } catch {
      return 0; // no page tree at all
    }
  })();
  if (pages === 0) throw new UnreadablePdfError('it has no pages');
  const { context } = document;
  for (const [, object] of context.enumerateIndirectObjects()) removeActiveEntries(object, context.lookup.bind(context));
  const reachable = new Set<string>();
  const visit = (object: PDFObject | undefined) => {
    if (object instanceof PDFRef) {
      if (reachable.has(object.toString())) return;
      reachable.add(object.toString());
      visit(context.lookup(object));
    } else if (object instanceof PDFStream) visit(object.dict);
    else if (object instanceof PDFDict) for (const [, value] of object.entries()) visit(value);
    else if (object instanceof PDFArray) for (const value of object.asArray()) visit(value);
  };
  visit(context.trailerInfo.Root);
  visit(context.trailerInfo.Info);
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref.toString())) context.delete(ref);
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

function removeActiveEntries(object: PDFObject, lookup: (ref: PDFRef) => PDFObject | undefined) {
  const { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } = pdfLib();
  const dict = object instanceof PDFStream ? object.dict : object;
  if (dict instanceof PDFArray) {
    for (const value of dict.asArray()) if (!(value instanceof PDFRef)) removeActiveEntries(value, lookup);
    return;
  }
  if (!(dict instanceof PDFDict)) return;
  for (const name of ACTIVE_ENTRIES) dict.delete(PDFName.of(name));
  const action = dict.get(PDFName.of('A'));
  const resolved = action instanceof PDFRef ? lookup(action) : action;
  if (resolved instanceof PDFDict && resolved.get(PDFName.of('S')) !== PDFName.of(GO_TO)) dict.delete(PDFName.of('A'));
  // Direct (not referenced) dictionaries and arrays inside this one: the catalog's Names, an annotation's actions.
  for (const [, value] of dict.entries()) if (!(value instanceof PDFRef)) removeActiveEntries(value, lookup);
}
