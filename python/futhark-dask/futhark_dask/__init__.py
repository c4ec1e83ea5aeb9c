"""Compiled Futhark programs on a Dask cluster.

A `Program` holds the text of a Futhark program and the futc back end to
compile it with. Wherever it is first called (on each Dask worker), it
compiles itself with `futc BACKEND --library` and upstream's `futhark-ffi`
into a Python extension, cached on disk by a hash of the program, the back
end and futc (version and binary), and loaded once per process.

`map_chunks` applies an entry point to every chunk of a Dask array or to
every partition of a sequence; `map_reduce` then folds the partial results
pairwise with a second entry point. Both build Dask graphs: `.compute()`
runs them on the current Dask client, or in this process without one.
"""

from .mapreduce import map_chunks, map_reduce, partitions_of
from .program import FutharkError, Program, process_stats

__all__ = [
    "FutharkError",
    "Program",
    "map_chunks",
    "map_reduce",
    "partitions_of",
    "process_stats",
]
