"""K-means (Rodinia) in PyTorch and JAX: Lloyd's algorithm from the first k
points, until no assignment changes or max_iterations; see ../kmeans.fut."""
import numpy as np


def make_inputs(rng):
    return rng.random((494019, 34), dtype=np.float32), 5, 10


DATASETS = {"kdd_cup": make_inputs}
STATIC = (1, 2)


def torch_fn(points, k, max_iterations):
    import torch
    n, d = points.shape
    centres = points[:k].clone()
    membership = torch.full((n,), -1, dtype=torch.int64, device=points.device)
    iterations = 0
    while iterations < max_iterations:
        # |p - c|^2 = |p|^2 - 2 p.c + |c|^2, and |p|^2 does not change the nearest centre.
        distances = (centres * centres).sum(1) - 2 * points @ centres.T
        new_membership = torch.argmin(distances, 1)
        changed = bool((new_membership != membership).any())
        membership = new_membership
        sums = torch.zeros_like(centres).index_add_(0, membership, points)
        counts = torch.bincount(membership, minlength=k).to(points.dtype)
        centres = torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], centres)
        iterations += 1
        if not changed:
            break
    return centres, torch.tensor(iterations, dtype=torch.int32, device=points.device)


def jax_fn(points, k, max_iterations):
    import jax
    import jax.numpy as jnp
    from jax import lax
    n, d = points.shape

    def iterate(state):
        centres, membership, iterations, _ = state
        # Full f32 products, as torch and Futhark compute (XLA would use TF32 on the GPU).
        distances = (centres * centres).sum(1) - 2 * jnp.matmul(points, centres.T, precision="highest")
        new_membership = jnp.argmin(distances, 1).astype(jnp.int32)
        changed = jnp.any(new_membership != membership)
        sums = jax.ops.segment_sum(points, new_membership, num_segments=k)
        counts = jax.ops.segment_sum(jnp.ones(n, points.dtype), new_membership, num_segments=k)
        centres = jnp.where(counts[:, None] > 0, sums / jnp.maximum(counts, 1)[:, None], centres)
        return centres, new_membership, iterations + 1, changed

    def running(state):
        _, _, iterations, changed = state
        return changed & (iterations < max_iterations)

    start = (points[:k], jnp.full((n,), -1, jnp.int32), jnp.int32(0), jnp.bool_(True))
    centres, _, iterations, _ = lax.while_loop(running, iterate, start)
    return centres, iterations
