"""A Futhark program compiled on first use (on disk once per program, back
end and futc, loaded once per process) and its entry points called with
numpy values."""

import fcntl
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import numpy as np

BACKENDS = ("c", "multicore", "opencl")

# What the `build_futhark_ffi NAME` command runs, without depending on where
# pip put that command on a worker.
_FFI_BUILDER = (
    "import sys; from futhark_ffi.build import main; "
    "sys.argv[1:] = [sys.argv[1]]; main()"
)


class FutharkError(Exception):
    """A Futhark program failed: its compilation, or an entry point at run
    time. The message carries futc's or the program's own text."""


class _Library:
    """A loaded extension: one Futhark context, called by one thread at a
    time (Dask workers may run several tasks at once)."""

    def __init__(self, module):
        from futhark_ffi import Futhark

        try:
            self.futhark = Futhark(module)
        except ValueError as error:
            raise FutharkError(f"cannot create a Futhark context: {error}") from None
        self.lock = threading.Lock()


_loaded = {}
_load_lock = threading.Lock()
_futc_identities = {}
_built = []
_loaded_keys = []


def process_stats():
    """The cache keys of the programs that this process compiled and of
    those it loaded (compiled here or found in the cache), in order."""
    return {"pid": os.getpid(), "built": list(_built), "loaded": list(_loaded_keys)}


class Program:
    """A Futhark program (one file's text, no imports of other files) and the
    back end to compile it with. `name` is the file name that futc's
    messages give it.

    `futc` names the compiler on the machine that loads the program; by
    default the `FUTC` environment variable there, else `futc` on its PATH.
    `cache_dir` likewise defaults to `FUTHARK_DASK_CACHE`, else
    `$XDG_CACHE_HOME/futhark-dask` or `~/.cache/futhark-dask`. Instances are
    small and pickle to their text, so they travel inside Dask tasks.
    """

    def __init__(self, source, *, name="program.fut", backend="c", futc=None,
                 cache_dir=None):
        if backend not in BACKENDS:
            raise ValueError(f"backend must be one of {BACKENDS}, not {backend!r}")
        self.source = source
        self.name = name
        self.backend = backend
        self.futc = futc
        self.cache_dir = cache_dir

    @classmethod
    def from_file(cls, path, **options):
        options.setdefault("name", Path(path).name)
        return cls(Path(path).read_text(), **options)

    def __dask_tokenize__(self):
        return (Program, self.source, self.name, self.backend, self.futc, self.cache_dir)

    def __repr__(self):
        digest = hashlib.sha256(self.source.encode()).hexdigest()[:12]
        return f"Program(<{digest}>, backend={self.backend!r})"

    def call(self, entry, *args):
        """Calls entry point `entry` with numpy arrays and scalars; returns
        its result as numpy arrays and Python scalars (a tuple for several
        results). A failure of the program raises FutharkError."""
        library = self._library()
        with library.lock:
            futhark = library.futhark
            if not hasattr(futhark.lib, f"futhark_entry_{entry}"):
                raise FutharkError(f"the program has no entry point {entry!r}")
            function = getattr(futhark, entry)
            arguments = [np.asarray(a) if isinstance(a, (list, tuple)) else a for a in args]
            try:
                results = function(*arguments)
            except ValueError as error:
                raise FutharkError(f"entry point {entry!r} failed: {error}") from None
            if isinstance(results, tuple):
                return tuple(_to_python(futhark, entry, r) for r in results)
            return _to_python(futhark, entry, results)

    def _futc(self):
        futc = self.futc or os.environ.get("FUTC") or "futc"
        # Absolute, as the build runs in another directory.
        found = shutil.which(futc)
        return os.path.abspath(found) if found else futc

    def _cache_root(self):
        if self.cache_dir:
            return Path(self.cache_dir)
        if os.environ.get("FUTHARK_DASK_CACHE"):
            return Path(os.environ["FUTHARK_DASK_CACHE"])
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        return Path(base) / "futhark-dask"

    def _key(self):
        futc = self._futc()
        if futc not in _futc_identities:
            _futc_identities[futc] = _futc_identity(futc)
        material = "\0".join(["futhark-dask 1", self.backend, _futc_identities[futc],
                              self.name, self.source])
        return hashlib.sha256(material.encode()).hexdigest()

    def _library(self):
        key = self._key()
        with _load_lock:
            if key not in _loaded:
                _loaded[key] = _Library(self._load_module(key))
                _loaded_keys.append(key)
            return _loaded[key]

    def _load_module(self, key):
        name = f"fd_{key[:20]}"
        root = self._cache_root()
        root.mkdir(parents=True, exist_ok=True)
        built = root / key
        # Worker processes of one machine share the cache: the first builds,
        # the others wait on the lock and then load its result.
        with open(root / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not built.is_dir():
                self._build(name, root, built)
                _built.append(key)
        extensions = sorted(built.glob(f"_{name}.*.so"))
        if not extensions:
            raise FutharkError(f"the cache entry {built} holds no extension module")
        module_name = f"_{name}"
        spec = importlib.util.spec_from_file_location(
            module_name, extensions[0],
            loader=importlib.machinery.ExtensionFileLoader(module_name, str(extensions[0])))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    def _build(self, name, root, built):
        with tempfile.TemporaryDirectory(dir=root, prefix="build-") as scratch:
            (Path(scratch) / self.name).write_text(self.source)
            _run_step([self._futc(), self.backend, "--library", self.name, "-o", name],
                      scratch, "futc")
            _run_step([sys.executable, "-c", _FFI_BUILDER, name], scratch, "futhark-ffi")
            staged = Path(scratch) / "module"
            staged.mkdir()
            for extension in Path(scratch).glob(f"_{name}.*.so"):
                shutil.move(str(extension), staged / extension.name)
            os.replace(staged, built)


def _futc_identity(futc):
    """futc's version and, as builds of one version differ, its binary's
    size and modification time."""
    try:
        version = subprocess.run([futc, "--version"], capture_output=True, text=True,
                                 check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as error:
        raise FutharkError(f"cannot run futc ({futc}): {error}") from None
    binary = os.stat(futc)
    return f"{version} {binary.st_size} {binary.st_mtime_ns}"


def _run_step(command, cwd, what):
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    except OSError as error:
        raise FutharkError(f"cannot run {what} ({command[0]}): {error}") from None
    if done.returncode != 0:
        raise FutharkError(f"{what} failed:\n{done.stdout}{done.stderr}")


def _to_python(futhark, entry, value):
    """Copies an array result out of the Futhark context; scalars are
    already Python values."""
    if not isinstance(value, futhark.ffi.CData):
        return value
    kind = futhark.types.get(futhark.ffi.typeof(value))
    if kind is None or not hasattr(kind, "shape"):
        raise FutharkError(
            f"entry point {entry!r} returns a value of opaque type, which cannot "
            "leave its process: return arrays and scalars")
    return futhark.from_futhark(value)
