"""Dask graphs that call a Program's entry points on chunks and fold the
partial results."""

import sys

import numpy as np
from dask import delayed
from dask.base import tokenize


def _call(program, entry, *args):
    return program.call(entry, *args)


def _combine(program, entry, left, right):
    return program.call(entry, *_as_tuple(left), *_as_tuple(right))


def _as_tuple(value):
    return value if isinstance(value, tuple) else (value,)


def _is_dask_array(value):
    # dask.array is imported only where a caller already made such arrays.
    array_module = sys.modules.get("dask.array")
    return array_module is not None and isinstance(value, array_module.Array)


def partitions_of(*arrays):
    """The chunks of Dask arrays along their first axis, one tuple of
    delayed blocks per chunk (one block of each array). The arrays must
    share their chunking along that axis; the other axes are made whole, so
    that each block holds complete rows."""
    if not arrays or not all(_is_dask_array(a) for a in arrays):
        raise TypeError("partitions_of takes one or more Dask arrays")
    first_chunks = arrays[0].chunks[0]
    blocks = []
    for array in arrays:
        if array.chunks[0] != first_chunks:
            raise ValueError("the arrays' chunks along the first axis differ: "
                             f"{first_chunks} and {array.chunks[0]}")
        whole_rows = array.rechunk({axis: -1 for axis in range(1, array.ndim)})
        # Optimising the blocks' graphs would hand the tasks the keys of a
        # persisted array's blocks instead of the blocks (Dask 2024.12).
        delayed_blocks = whole_rows.to_delayed(optimize_graph=False)
        blocks.append(list(delayed_blocks.reshape(len(first_chunks))))
    return list(zip(*blocks))


def _partitions(partitions):
    if _is_dask_array(partitions):
        return partitions_of(partitions)
    return [_as_tuple(p) for p in partitions]


def _shared(value):
    # An array passed to every chunk becomes one key of the graph, so that
    # it travels to each worker once rather than inside every task.
    return delayed(value, pure=True) if isinstance(value, np.ndarray) else value


def map_chunks(program, entry, partitions, args=()):
    """Delayed results of entry point `entry` called on each partition, in
    order. `partitions` is a Dask array (chunked along its first axis), or a
    sequence whose items are the entry's leading arguments for one chunk: a
    value (numpy array, scalar, Delayed or Future), or a tuple of them for
    several arguments. `args` follow them in every call."""
    chunks = _partitions(partitions)
    shared = [_shared(a) for a in args]
    token = tokenize(program, entry, chunks, args)
    return [
        delayed(_call, pure=True)(program, entry, *chunk, *shared,
                                  dask_key_name=f"{entry}-{token}-chunk-{index}")
        for index, chunk in enumerate(chunks)
    ]


def map_reduce(program, entry, combine, partitions, args=()):
    """A Delayed of entry point `entry` mapped over the partitions (see
    `map_chunks`) and its results folded pairwise, in a balanced tree, with
    entry point `combine`. `combine` takes two partial results, each spread
    over its parameters as the map entry returns it (so `(a, b)` and `(c,
    d)` are combined as `combine a b c d`), and returns one of the same
    shape. It must be associative; it need not be commutative, as the fold
    keeps the partitions' order."""
    level = map_chunks(program, entry, partitions, args)
    if not level:
        raise ValueError("map_reduce needs at least one partition")
    token = tokenize(program, entry, combine, [d.key for d in level])
    depth = 0
    while len(level) > 1:
        paired = [
            delayed(_combine, pure=True)(program, combine, level[i], level[i + 1],
                                         dask_key_name=f"{combine}-{token}-{depth}-{i // 2}")
            for i in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
        depth += 1
    return level[0]
