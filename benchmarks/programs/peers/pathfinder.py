"""Pathfinder (Rodinia) in PyTorch and JAX: least-cost paths down a grid of
weights, moving straight down or diagonally one column at each row; see
../pathfinder.fut."""
import numpy as np


def make_inputs(rng):
    grid = rng.integers(np.iinfo(np.int32).min, np.iinfo(np.int32).max, (100, 100000),
                        dtype=np.int32, endpoint=True)
    return (grid,)


DATASETS = {"rodinia_1e5": make_inputs}
STATIC = ()


def torch_fn(grid):
    import torch
    weights = torch.remainder(grid, 10)
    costs = weights[0]
    for row in weights[1:]:
        left = torch.cat([costs[:1], costs[:-1]])
        right = torch.cat([costs[1:], costs[-1:]])
        costs = row + torch.minimum(costs, torch.minimum(left, right))
    return costs


def jax_fn(grid):
    import jax.numpy as jnp
    from jax import lax
    weights = jnp.mod(grid, 10)

    def step(costs, row):
        left = jnp.concatenate([costs[:1], costs[:-1]])
        right = jnp.concatenate([costs[1:], costs[-1:]])
        return row + jnp.minimum(costs, jnp.minimum(left, right)), None

    return lax.scan(step, weights[0], weights[1:])[0]
