"""The analysis sections are wired explicitly: a missing provider is an import error, never a missing section."""

import subprocess
import sys
import types

from algocompare import analysis
from algocompare._results import RESULT_KINDS, BaseResult


def test_every_provider_is_an_imported_module_with_a_section_function():
    for module in analysis.SECTION_PROVIDERS + analysis.INCOMPLETE_SECTION_PROVIDERS:
        assert isinstance(module, types.ModuleType), module
        assert callable(module.section), module.__name__


def test_a_missing_provider_module_is_an_import_error():
    # a renamed or deleted provider must stop `import algocompare.analysis`, not drop a section
    code = ("import sys; sys.modules['algocompare.posthoc._analysis'] = None\n"
            "try:\n    import algocompare.analysis\nexcept ImportError as err:\n    print('ImportError', err)\n"
            "else:\n    print('imported')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("ImportError") and "algocompare.posthoc._analysis" in out


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_result_class_says_what_it_is():
    import algocompare as ac

    for name in ac.__all__:  # import every area, so that every result class is defined
        getattr(ac, name)
    classes = list(_subclasses(BaseResult))
    assert len(classes) > 40
    unknown = {cls.__name__: cls.kind for cls in classes if cls.kind not in RESULT_KINDS}
    assert not unknown, f"kinds not in RESULT_KINDS: {unknown}"
    assert ac.posthoc(ac.load_dataset("ice_cream")).kind == "posthoc"
    assert ac.friedman(ac.load_dataset("ice_cream")).kind == "omnibus"
