"""Book configs and layout templates: YAML -> validated, typed, frozen records.

The package: reader.py (the line-tracking YAML reader and its problems), templates.py (page
templates and layout overrides), sections.py (sections, their checks and records) and
toplevel.py (the whole config and load_config). Every fact they check against lives in
rules.py and model.py; the page estimates come from render.geometry.
"""

from .sections import Difficulty, ImproveSpec, SectionConfig
from .templates import DEFAULT_TEMPLATE, list_templates, load_template
from .toplevel import BookConfig, config_file, load_config

__all__ = [
    "DEFAULT_TEMPLATE",
    "BookConfig",
    "Difficulty",
    "ImproveSpec",
    "SectionConfig",
    "config_file",
    "list_templates",
    "load_config",
    "load_template",
]
