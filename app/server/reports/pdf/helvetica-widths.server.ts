// Glyph widths of the PDF standard fonts Helvetica and Helvetica-Bold for the WinAnsiEncoding codes
// 32–255, read from Adobe's Core 14 AFM files (helvetica-widths.json says which). Every PDF reader
// has these fonts, so the report's PDF embeds none and only needs their widths to wrap lines.
import widths from "./helvetica-widths.json";

export const FIRST_WIN_ANSI_CODE = widths.firstCode;

/** Thousandths of the font size, from FIRST_WIN_ANSI_CODE on; 0 marks a code WinAnsi leaves undefined (the writer never emits them). */
export const helveticaWidths: readonly number[] = widths.helvetica;
export const helveticaBoldWidths: readonly number[] = widths.helveticaBold;
