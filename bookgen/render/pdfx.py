"""PDF/X-1a:2003 marking for reportlab canvases, which have no switch for it.

Glossary and conventions:
  output intent  the catalog's /OutputIntents: the printing condition the colours are
                 meant for, named by a registered identifier (here CGATS TR 001, SWOP
                 coated), so no ICC profile needs to be embedded
  info keys      /GTS_PDFXVersion and /GTS_PDFXConformance in the document information,
                 /Trapped False
  boxes          every page has a TrimBox (and a BleedBox): the writer and the cover set
                 them; this module only marks the document

What PDF/X-1a asks beyond the marks, kept by the drawing code: fonts embedded (TrueType
only, see writer.open_canvas), gray or CMYK colour only (cover_ink), no transparency
(nothing sets an alpha), PDF 1.4 at most (reportlab writes 1.4 unless a feature needs
more, and none used here does).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

VERSION = "PDF/X-1a:2003"
"""The GTS_PDFXVersion written."""

CONDITION = "CGATS TR 001"
"""The registered printing condition of the output intent (SWOP coated, the common
print-on-demand press condition)."""

CONDITION_INFO = "U.S. Web Coated (SWOP) v2"
"""Its human-readable name."""

REGISTRY = "http://www.color.org"
"""The registry the condition's identifier is registered in."""


class _Info(PDFInfo):
    """reportlab's document information with the PDF/X keys added."""

    def format(self, document: Any) -> bytes:
        plain = PDFInfo.format(self, document)
        # reportlab's dictionary ends in '>>'; the two keys go in just before it.
        head, _, tail = plain.rpartition(b">>")
        extra = PDFDictionary({
            "GTS_PDFXVersion": PDFString(VERSION),
            "GTS_PDFXConformance": PDFString(VERSION),
        }).format(document)
        inner = extra.strip()[2:-2]
        return head + inner + b"\n>>" + tail


def mark(c: Canvas) -> None:
    """Make the canvas's document a PDF/X-1a:2003 file: the info keys and the output intent
    (the pages' boxes are the caller's)."""
    doc = c._doc  # reportlab exposes the catalog and info only through the document
    info = _Info()
    info.__dict__.update(doc.info.__dict__)
    info.trapped = "False"
    doc.info = info
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(CONDITION),
        "OutputCondition": PDFString(CONDITION_INFO),
        "RegistryName": PDFString(REGISTRY),
        "Info": PDFString(CONDITION_INFO),
    })
    catalog = doc.Catalog
    # PDFCatalog writes only the keys its class lists: OutputIntents joins its defaults.
    catalog.__Defaults__ = {**type(catalog).__Defaults__, "OutputIntents": PDFArray([intent])}
