"""Stencil (Parboil) in PyTorch and JAX: the iterated 7-point Jacobi stencil
of ../stencil.fut, with its constants and summation order."""
import numpy as np

C0 = float(np.float32(1 / 6))
C1 = float(np.float32(1 / 6) / np.float32(6))


def make_inputs(rng):
    return 100, rng.random((64, 512, 512), dtype=np.float32)


DATASETS = {"default": make_inputs}
STATIC = (0,)


def interior(a):
    return ((a[2:, 1:-1, 1:-1] + a[:-2, 1:-1, 1:-1] + a[1:-1, 2:, 1:-1] + a[1:-1, :-2, 1:-1]
             + a[1:-1, 1:-1, 2:] + a[1:-1, 1:-1, :-2]) * C1 - a[1:-1, 1:-1, 1:-1] * C0)


def torch_fn(iterations, a):
    current, following = a.clone(), a.clone()
    for _ in range(iterations):
        following[1:-1, 1:-1, 1:-1] = interior(current)
        current, following = following, current
    return current


def jax_fn(iterations, a):
    from jax import lax
    return lax.fori_loop(0, iterations, lambda _, a: a.at[1:-1, 1:-1, 1:-1].set(interior(a)), a)
