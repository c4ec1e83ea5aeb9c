"""SGEMM (Parboil) in PyTorch and JAX: alpha * A * B^T + beta * C, as in
../sgemm.fut."""
import numpy as np


def make_inputs(rng):
    return (float(rng.random(dtype=np.float32)), float(rng.random(dtype=np.float32)),
            rng.random((1024, 992), dtype=np.float32), rng.random((1056, 992), dtype=np.float32),
            rng.random((1024, 1056), dtype=np.float32))


DATASETS = {"medium": make_inputs}
STATIC = ()


def torch_fn(alpha, beta, a, bt, c):
    import torch
    return torch.addmm(c, a, bt.T, beta=beta, alpha=alpha)


def jax_fn(alpha, beta, a, bt, c):
    import jax.numpy as jnp
    from jax import lax
    return alpha * jnp.matmul(a, bt.T, precision=lax.Precision.HIGHEST) + beta * c
