"""Coherencia de los ficheros de instalación y del contrato del README."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith(("-e", "./")):  # el curso y sus ajustes de JupyterLab
            continue
        req = Requirement(line)  # admite marcas de plataforma («; platform_system != ...»)
        exact = [s.version for s in req.specifier if s.operator == "=="]
        assert len(exact) == 1 and len(req.specifier) == 1, (
            f"requirements.txt debe fijar versiones exactas: {line!r}")
        pins[canonicalize_name(req.name)] = exact[0]
    return pins


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_requirements_install_the_package_itself():
    text = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert re.search(r"^-e \.(\[dev\])?$", text, re.M)


def test_every_declared_dependency_is_pinned_within_its_range():
    project = _pyproject()["project"]
    declared = list(project["dependencies"]) + list(project["optional-dependencies"]["dev"])
    pins = _pins()
    for spec in declared:
        req = Requirement(spec)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} está en pyproject.toml pero no fijado en requirements.txt"
        assert req.specifier.contains(pins[name]), (
            f"{req.name}=={pins[name]} (requirements.txt) no cumple {req.specifier} (pyproject.toml)"
        )


def test_environment_yml_uses_the_same_requirements():
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    deps = env["dependencies"]
    python = [d for d in deps if isinstance(d, str) and d.startswith("python")]
    assert python, "environment.yml debe fijar la versión de Python"
    major_minor = python[0].split("=")[-1]
    requires = _pyproject()["project"]["requires-python"]
    assert Requirement(f"python{requires}").specifier.contains(major_minor + ".0")
    pip_sections = [d["pip"] for d in deps if isinstance(d, dict) and "pip" in d]
    assert pip_sections == [["-r requirements.txt"]], (
        "environment.yml debe instalar exactamente requirements.txt con pip (y nada más), "
        "para que conda y pip no diverjan"
    )
    conda_pkgs = [d for d in deps if isinstance(d, str)]
    assert sorted(p.split("=")[0] for p in conda_pkgs) == ["pip", "python"]


def test_running_python_matches_declared_range():
    requires = _pyproject()["project"]["requires-python"]
    here = f"{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"
    assert Requirement(f"python{requires}").specifier.contains(here)


def test_readme_contract_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -r requirements.txt" in readme and "pip install -r requirements.txt" in ci
    assert "jupyter lab notebooks/" in readme
    assert "python tools/run_notebooks.py" in readme
    test_cmd = re.search(r"^\s*python -m pytest\s*$", readme, re.M)
    assert test_cmd, "el README debe dar la orden de pruebas «python -m pytest»"
    assert re.search(r"python -m pytest\s*$", ci, re.M)
    assert "conda env create -f environment.yml" in readme


def test_jupyterlab_is_covered_by_the_spanish_pack():
    """El paquete de idioma del curso (./jupyter) parte del paquete en español de la misma serie
    4.x que el JupyterLab que se instala (su requisito de construcción, fijado)."""
    lab = _pins()["jupyterlab"].split(".")[:2]
    build = tomllib.loads((ROOT / "jupyter" / "pyproject.toml").read_text(encoding="utf-8"))
    pinned = {canonicalize_name(Requirement(r).name): Requirement(r)
              for r in build["build-system"]["requires"]}
    spec = pinned[canonicalize_name("jupyterlab-language-pack-es-ES")].specifier
    assert len(spec) == 1 and next(iter(spec)).operator == "==", spec
    pack = next(iter(spec)).version.split(".post")[0].split(".")[:2]
    assert lab == pack, (
        f"JupyterLab {'.'.join(lab)} con el paquete en español de la serie {'.'.join(pack)}: "
        "la interfaz saldría a medias en inglés"
    )


def test_classroom_jupyterlab_settings_are_installed_in_the_environment():
    """``./jupyter`` (en requirements.txt) deja los ajustes de clase en el entorno activo."""
    text = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert re.search(r"^\./jupyter$", text, re.M)
    for installed, source in (
        (Path(sys.prefix) / "share/jupyter/lab/settings/overrides.json", "overrides.json"),
        (Path(sys.prefix) / "etc/jupyter/labconfig/page_config.json", "page_config.json"),
    ):
        assert installed.is_file(), f"falta {installed}: pip install -r requirements.txt"
        # JupyterLab reescribe estos ficheros (p. ej. al desactivar otra extensión): basta con
        # que contengan lo del curso.
        expected = json.loads((ROOT / "jupyter" / source).read_text(encoding="utf-8"))
        found = json.loads(installed.read_text(encoding="utf-8"))
        for section, values in expected.items():
            assert found.get(section, {}) | values == found.get(section), (
                f"{installed} no tiene {section} = {values}: pip install -r requirements.txt"
            )
