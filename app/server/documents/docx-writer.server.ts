import { strToU8, zipSync } from "fflate";
import { escapeXml } from "../content/xml-text.server";

// A minimal Word document (Office Open XML): paragraphs of plain text and the package's core
// properties, which is where Word, LibreOffice and file managers show a document's author,
// description and keywords (File → Info). No styles part: Word renders the paragraphs as Normal.

export type DocxParagraph = { text: string; bold?: boolean };

export type DocxProperties = {
  title: string;
  creator: string;
  description: string;
  keywords: string;
  /** ISO 8601. */
  created: string;
};

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;

const PACKAGE_RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`;

/** XML 1.0 allows no C0 control characters but tab, line feed and carriage return. */
// oxlint-disable-next-line no-control-regex -- removing them is the point
const xmlText = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ""));

function paragraphXml({ text, bold }: DocxParagraph): string {
  const properties = bold ? "<w:rPr><w:b/></w:rPr>" : "";
  // A line break inside a paragraph is a <w:br/> between runs of text.
  const runs = text
    .split("\n")
    .map((line) => `<w:t xml:space="preserve">${xmlText(line)}</w:t>`)
    .join("<w:br/>");
  return `<w:p><w:r>${properties}${runs}</w:r></w:p>`;
}

function coreXml({ title, creator, description, keywords, created }: DocxProperties): string {
  // W3CDTF without milliseconds, as Word writes it.
  const when = `${created.slice(0, 19)}Z`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlText(title)}</dc:title><dc:creator>${xmlText(creator)}</dc:creator><cp:lastModifiedBy>${xmlText(creator)}</cp:lastModifiedBy><dc:description>${xmlText(description)}</dc:description><cp:keywords>${xmlText(keywords)}</cp:keywords><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`;
}

/** The .docx file's bytes. */
export function writeDocx(paragraphs: DocxParagraph[], properties: DocxProperties): Uint8Array<ArrayBuffer> {
  const body = paragraphs.map(paragraphXml).join("");
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  const app = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${xmlText(properties.creator)}</Application></Properties>`;
  return zipSync({
    "[Content_Types].xml": strToU8(CONTENT_TYPES),
    "_rels/.rels": strToU8(PACKAGE_RELATIONSHIPS),
    "word/document.xml": strToU8(document),
    "docProps/core.xml": strToU8(coreXml(properties)),
    "docProps/app.xml": strToU8(app),
  });
}
