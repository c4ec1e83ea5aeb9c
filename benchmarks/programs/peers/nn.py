"""NN (Rodinia) in PyTorch and JAX: the k records nearest to a target
position, nearest first; see ../nn.fut."""
import numpy as np


def make_inputs(rng):
    n = 20 * 42764
    return (0.3, 0.9, 100, rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32))


DATASETS = {"rodinia_x20": make_inputs}
STATIC = (2,)


def torch_fn(lat, lng, k, lats, lngs):
    import torch
    distances = torch.sqrt((lats - lat) ** 2 + (lngs - lng) ** 2)
    nearest, indices = torch.topk(distances, k, largest=False, sorted=True)
    return indices.to(torch.int32), nearest


def jax_fn(lat, lng, k, lats, lngs):
    import jax.numpy as jnp
    from jax import lax
    distances = jnp.sqrt((lats - lat) ** 2 + (lngs - lng) ** 2)
    negated, indices = lax.top_k(-distances, k)
    return indices.astype(jnp.int32), -negated
