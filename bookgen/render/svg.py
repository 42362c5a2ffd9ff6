"""An SVG canvas: the part of reportlab's canvas that the grid drawing calls, written
as SVG, so the books' own drawing (draw.puzzle_grid, draw.answer_grid, killer_grid) also
draws exported images.

Glossary and conventions:
  user space  reportlab's: points, origin at the lower-left corner, y up; translate moves
              the origin (the grid drawing needs no scaling or rotation)
  SVG space   the file's: points, origin at the top-left corner, y down (y = height - y)
  face        how a registered font name is written: its family name and whether it is
              bold (Face); SVG names fonts by family, not by file
  state       the pen (colours, line width, caps, joins, dash, origin) that saveState
              keeps and restoreState brings back; a clip lasts until that restore, as a
              <g clip-path> group closed there
  text        every glyph is one <text> element at its own position (x at its advance
              origin, y on its baseline, text-anchor start), so a reader finds each given
              without laying out strings
  gray        0 = black, 1 = white, written as #rrggbb with r = g = b
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from reportlab.pdfbase.pdfmetrics import stringWidth

__all__ = ["Face", "SvgCanvas", "SvgPath", "SvgText"]

CAPS = ("butt", "round", "square")
"""SVG's line caps by reportlab's setLineCap number."""

JOINS = ("miter", "round", "bevel")
"""SVG's line joins by reportlab's setLineJoin number."""

FILL_STROKE = 2
"""PDF text render mode: fill, then stroke the outline (a faux bold)."""


@dataclass(frozen=True)
class Face:
    """How one registered font is named in the SVG."""

    family: str
    """Its family name, e.g. 'Bitstream Vera Sans' (written with sans-serif after it, for
    a viewer that lacks the font)."""
    bold: bool
    """Whether it is drawn bold (font-weight bold)."""


@dataclass(frozen=True)
class _Pen:
    """The graphics state saveState keeps."""

    fill: float = 0.0
    """Fill gray."""
    stroke: float = 0.0
    """Stroke gray."""
    width: float = 1.0
    """Line width in points."""
    cap: int = 0
    """Line cap, reportlab's number (CAPS)."""
    join: int = 0
    """Line join, reportlab's number (JOINS)."""
    dash: tuple[float, ...] = ()
    """Dash lengths; () for a solid line."""
    phase: float = 0.0
    """Dash phase."""
    origin: tuple[float, float] = (0.0, 0.0)
    """Where translate has moved user space's origin."""
    groups: int = 0
    """<g> elements (clips) opened since the last saveState."""


def _num(v: float) -> str:
    """A coordinate as SVG gets it: at most three decimals, no trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _gray(g: float) -> str:
    level = round(max(0.0, min(1.0, g)) * 255)
    return f"#{level:02x}{level:02x}{level:02x}"


class SvgPath:
    """A path of moves, lines, curves, rectangles, circles and closes, in user space;
    turned into SVG space by the canvas that draws it (with its origin at that time, as a
    PDF does)."""

    def __init__(self) -> None:
        self.ops: list[tuple[str, tuple[float, ...]]] = []

    def moveTo(self, x: float, y: float) -> None:
        self.ops.append(("M", (x, y)))

    def lineTo(self, x: float, y: float) -> None:
        self.ops.append(("L", (x, y)))

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float,
                y3: float) -> None:
        self.ops.append(("C", (x1, y1, x2, y2, x3, y3)))

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self.ops += [("M", (x, y)), ("L", (x + width, y)), ("L", (x + width, y + height)),
                     ("L", (x, y + height)), ("Z", ())]

    def circle(self, x: float, y: float, radius: float) -> None:
        """A closed circle: four quarter arcs as cubic curves, as reportlab draws one."""
        k = 0.5522847498 * radius  # the control distance of a quarter circle's Bezier
        self.moveTo(x + radius, y)
        for (ax, ay), (bx, by), (ex, ey) in (((radius, k), (k, radius), (0, radius)),
                                             ((-k, radius), (-radius, k), (-radius, 0)),
                                             ((-radius, -k), (-k, -radius), (0, -radius)),
                                             ((k, -radius), (radius, -k), (radius, 0))):
            self.curveTo(x + ax, y + ay, x + bx, y + by, x + ex, y + ey)
        self.close()

    def close(self) -> None:
        self.ops.append(("Z", ()))


@dataclass(frozen=True)
class _Glyph:
    """One character a text object shows."""

    x: float
    """Its advance origin, in user space."""
    y: float
    """Its baseline, in user space."""
    char: str
    """The character."""
    font: str
    """The registered font's name."""
    size: float
    """Type size in points."""
    gray: float
    """Fill gray."""
    stroked: bool
    """Also stroked (text render mode 2, a faux bold)."""


class SvgText:
    """A text object: fonts, gray, render mode, character spacing and origins set in
    turn, each textOut advancing along its line as reportlab's does."""

    def __init__(self) -> None:
        self.glyphs: list[_Glyph] = []
        self._font = ""
        self._size = 0.0
        self._gray = 0.0
        self._mode = 0
        self._space = 0.0
        self._x = 0.0
        self._y = 0.0

    def setFont(self, font: str, size: float) -> None:
        self._font, self._size = font, size

    def setFillGray(self, gray: float) -> None:
        self._gray = gray

    def setTextRenderMode(self, mode: int) -> None:
        self._mode = mode

    def setCharSpace(self, space: float) -> None:
        self._space = space

    def setTextOrigin(self, x: float, y: float) -> None:
        self._x, self._y = x, y

    def textOut(self, text: str) -> None:
        for ch in text:
            self.glyphs.append(_Glyph(self._x, self._y, ch, self._font, self._size,
                                      self._gray, self._mode == FILL_STROKE))
            # a PDF adds the character spacing after every glyph, the last one too
            self._x += stringWidth(ch, self._font, self._size) + self._space


class SvgCanvas:
    """A page of `width` x `height` points that the grid drawing draws on as on a
    reportlab canvas; `faces` names each registered font it may use. svg() is the file."""

    def __init__(self, width: float, height: float, faces: dict[str, Face]) -> None:
        self.width = width
        self.height = height
        self.faces = faces
        self._pen = _Pen()
        self._saved: list[_Pen] = []
        self._body: list[str] = []
        self._clips: list[str] = []

    # -- state
    def saveState(self) -> None:
        self._saved.append(self._pen)
        self._pen = dataclasses.replace(self._pen, groups=0)

    def restoreState(self) -> None:
        self._body += ["</g>"] * self._pen.groups
        self._pen = self._saved.pop()

    def translate(self, dx: float, dy: float) -> None:
        ox, oy = self._pen.origin
        self._set(origin=(ox + dx, oy + dy))

    def setFillGray(self, gray: float) -> None:
        self._set(fill=gray)

    def setStrokeGray(self, gray: float) -> None:
        self._set(stroke=gray)

    def setLineWidth(self, width: float) -> None:
        self._set(width=width)

    def setLineCap(self, cap: int) -> None:
        self._set(cap=cap)

    def setLineJoin(self, join: int) -> None:
        self._set(join=join)

    def setDash(self, array: Sequence[float] = (), phase: float = 0.0) -> None:
        self._set(dash=tuple(array), phase=phase)

    def _set(self, **changes: object) -> None:
        self._pen = dataclasses.replace(self._pen, **changes)  # type: ignore[arg-type]

    # -- shapes
    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None:
        path = self.beginPath()
        path.rect(x, y, width, height)
        self.drawPath(path, stroke, fill)

    def lines(self, segments: Sequence[tuple[float, float, float, float]]) -> None:
        path = self.beginPath()
        for x0, y0, x1, y1 in segments:
            path.moveTo(x0, y0)
            path.lineTo(x1, y1)
        self.drawPath(path, stroke=1, fill=0)

    def beginPath(self) -> SvgPath:
        return SvgPath()

    def drawPath(self, path: SvgPath, stroke: int = 1, fill: int = 0) -> None:
        if stroke or fill:
            self._body.append(f"<path d=\"{self._d(path)}\"{self._paint(stroke, fill)}/>")

    def clipPath(self, path: SvgPath, stroke: int = 0, fill: int = 0) -> None:
        """Clip what follows, until the next restoreState, to the path (nonzero rule, as
        reportlab's default); the path itself is drawn only when asked."""
        name = f"clip{len(self._clips) + 1}"
        self._clips.append(f"<clipPath id=\"{name}\"><path d=\"{self._d(path)}\"/></clipPath>")
        self.drawPath(path, stroke, fill)
        self._body.append(f"<g clip-path=\"url(#{name})\">")
        self._set(groups=self._pen.groups + 1)

    def _d(self, path: SvgPath) -> str:
        parts = []
        for op, xy in path.ops:
            points = (self._point(*xy[i:i + 2]) for i in range(0, len(xy), 2))
            parts.append(op + " ".join(points))
        return "".join(parts)

    def _point(self, x: float, y: float) -> str:
        ox, oy = self._pen.origin
        return f"{_num(ox + x)} {_num(self.height - oy - y)}"

    def _paint(self, stroke: int, fill: int) -> str:
        pen = self._pen
        out = f" fill=\"{_gray(pen.fill)}\"" if fill else " fill=\"none\""
        if stroke:
            out += (f" stroke=\"{_gray(pen.stroke)}\" stroke-width=\"{_num(pen.width)}\""
                    f" stroke-linecap=\"{CAPS[pen.cap]}\" stroke-linejoin=\"{JOINS[pen.join]}\"")
            if pen.dash:
                out += (f" stroke-dasharray=\"{' '.join(_num(d) for d in pen.dash)}\""
                        f" stroke-dashoffset=\"{_num(pen.phase)}\"")
        return out

    # -- text
    def beginText(self) -> SvgText:
        return SvgText()

    def drawText(self, text: SvgText) -> None:
        """Each glyph as a <text> element; a stroked one (faux bold) outlined with the
        canvas's stroke gray and line width, as a PDF strokes text."""
        pen = self._pen
        for g in text.glyphs:
            face = self.faces[g.font]
            family = quoteattr(f"'{face.family}', sans-serif")
            attrs = (f"x=\"{_num(pen.origin[0] + g.x)}\" "
                     f"y=\"{_num(self.height - pen.origin[1] - g.y)}\" "
                     f"font-family={family} font-size=\"{_num(g.size)}\"")
            if face.bold:
                attrs += " font-weight=\"bold\""
            attrs += f" fill=\"{_gray(g.gray)}\""
            if g.stroked:
                attrs += (f" stroke=\"{_gray(pen.stroke)}\" stroke-width=\"{_num(pen.width)}\""
                          f" stroke-linejoin=\"{JOINS[pen.join]}\"")
            self._body.append(f"<text {attrs}>{escape(g.char)}</text>")

    def svg(self) -> str:
        """The SVG file: the page in points, the clips, then everything drawn in order."""
        w, h = _num(self.width), _num(self.height)
        head = (f"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                f"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}pt\" height=\"{h}pt\" "
                f"viewBox=\"0 0 {w} {h}\">\n")
        defs = f"<defs>\n{chr(10).join(self._clips)}\n</defs>\n" if self._clips else ""
        # groups a drawing left open (no restoreState) are closed, so the file is well formed
        tail = "</g>\n" * (self._pen.groups + sum(p.groups for p in self._saved))
        return head + defs + "\n".join(self._body) + "\n" + tail + "</svg>\n"
