import { AFRelationship, type PDFDocument, PDFName, PDFString } from "pdf-lib";
import { esc } from "./xml.js";

/** The name Factur-X gives the embedded invoice. */
export const FACTUR_X_FILE = "factur-x.xml";

const FX_NS = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

const property = (name: string, description: string) =>
  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;

/** XMP metadata of a PDF/A-3B file carrying a Factur-X invoice of the EN 16931 profile. */
const xmp = (
  title: string,
  author: string,
  at: Date,
  documentType: "INVOICE",
) => `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(title)}</rdf:li></rdf:Alt></dc:title><dc:creator><rdf:Seq><rdf:li>${esc(author)}</rdf:li></rdf:Seq></dc:creator></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><pdf:Producer>apar</pdf:Producer></rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreatorTool>apar</xmp:CreatorTool><xmp:CreateDate>${at.toISOString()}</xmp:CreateDate><xmp:ModifyDate>${at.toISOString()}</xmp:ModifyDate></rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FX_NS}"><fx:DocumentType>${documentType}</fx:DocumentType><fx:DocumentFileName>${FACTUR_X_FILE}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq>${property("DocumentFileName", "The name of the embedded XML document")}${property("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER")}${property("Version", "The actual version of the standard applying to the embedded XML document")}${property("ConformanceLevel", "The conformance level of the embedded XML document")}</rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;

/**
 * Makes an invoice PDF a Factur-X file (EN 16931 profile): the CII XML embedded as `factur-x.xml` with the
 * relationship Alternative, and the PDF/A-3 identification with the Factur-X extension schema in its XMP.
 */
export const embedFacturX = async (
  doc: PDFDocument,
  cii: string,
  meta: { readonly title: string; readonly author: string; readonly at: Date },
): Promise<void> => {
  await doc.attach(new TextEncoder().encode(cii), FACTUR_X_FILE, {
    mimeType: "text/xml",
    description: "Factur-X invoice (EN 16931)",
    creationDate: meta.at,
    modificationDate: meta.at,
    afRelationship: AFRelationship.Alternative,
  });
  const metadata = doc.context.stream(xmp(meta.title, meta.author, meta.at, "INVOICE"), {
    Type: "Metadata",
    Subtype: "XML",
  });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(metadata));
  doc.catalog.set(PDFName.of("Lang"), PDFString.of("en"));
};
