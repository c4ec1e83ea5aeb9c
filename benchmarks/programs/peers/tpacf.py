"""TPACF (Parboil) in PyTorch and JAX: the DD, DR and RR histograms of
squared chord lengths between points on the sphere of ../tpacf.fut."""
import math

import numpy as np

NUM_BINS = 20


def boundaries():
    """The squared chord lengths of the bin boundaries (1 to 10^4 arc minutes), ascending."""
    half_angles = 10.0 ** (np.arange(NUM_BINS + 1) / 5) / 60 * math.pi / 180 / 2
    return (4 * np.sin(half_angles) * np.sin(half_angles)).astype(np.float32)


def make_inputs(rng):
    n, r = 10000, 100
    return (rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32),
            rng.random((r, n), dtype=np.float32), rng.random((r, n), dtype=np.float32))


DATASETS = {"large": make_inputs}
STATIC = ()


def torch_fn(data_u, data_v, random_u, random_v):
    import torch
    bounds = torch.from_numpy(boundaries()).to(data_u.device)

    def on_sphere(u, v):
        ra = (2 * math.pi) * u
        dec = torch.asin(2 * v - 1)
        return torch.cos(dec) * torch.cos(ra), torch.cos(dec) * torch.sin(ra), torch.sin(dec)

    def histogram(a, b, upper):
        (ax, ay, az), (bx, by, bz) = a, b
        dx, dy, dz = ax[:, None] - bx[None, :], ay[:, None] - by[None, :], az[:, None] - bz[None, :]
        bins = torch.bucketize(dx * dx + dy * dy + dz * dz, bounds, right=True) - 1
        outside = (bins < 0) | (bins >= NUM_BINS)
        if upper:
            index = torch.arange(ax.shape[0], device=ax.device)
            outside |= index[:, None] >= index[None, :]
        bins = torch.where(outside, NUM_BINS, bins)
        return torch.bincount(bins.flatten(), minlength=NUM_BINS + 1)[:NUM_BINS]

    data = on_sphere(data_u, data_v)
    dd = histogram(data, data, True)
    dr = torch.zeros(NUM_BINS, dtype=torch.int64, device=data_u.device)
    rr = torch.zeros(NUM_BINS, dtype=torch.int64, device=data_u.device)
    for u, v in zip(random_u, random_v):
        random = on_sphere(u, v)
        dr += histogram(data, random, False)
        rr += histogram(random, random, True)
    return dd, dr, rr


def jax_fn(data_u, data_v, random_u, random_v):
    import jax

    # The counts pass 2^31 (DR's largest bin is about 3.6e9), so they are int64 even
    # where the caller left jax in 32-bit mode.
    with jax.enable_x64(True):
        return jax_histograms(data_u, data_v, random_u, random_v)


def jax_histograms(data_u, data_v, random_u, random_v):
    import jax.numpy as jnp
    from jax import lax
    bounds = jnp.asarray(boundaries())

    def on_sphere(u, v):
        ra = jnp.float32(2 * math.pi) * u
        dec = jnp.arcsin(2 * v - 1)
        return jnp.cos(dec) * jnp.cos(ra), jnp.cos(dec) * jnp.sin(ra), jnp.sin(dec)

    def histogram(a, b, upper):
        (ax, ay, az), (bx, by, bz) = a, b
        dx, dy, dz = ax[:, None] - bx[None, :], ay[:, None] - by[None, :], az[:, None] - bz[None, :]
        bins = jnp.searchsorted(bounds, dx * dx + dy * dy + dz * dz, side="right",
                                method="compare_all") - 1
        outside = (bins < 0) | (bins >= NUM_BINS)
        if upper:
            index = jnp.arange(ax.shape[0])
            outside |= index[:, None] >= index[None, :]
        bins = jnp.where(outside, NUM_BINS, bins)
        return jnp.bincount(bins.ravel(), length=NUM_BINS + 1)[:NUM_BINS].astype(jnp.int64)

    data = on_sphere(data_u, data_v)

    def one_set(totals, uv):
        random = on_sphere(*uv)
        dr, rr = totals
        return (dr + histogram(data, random, False), rr + histogram(random, random, True)), None

    zeros = jnp.zeros(NUM_BINS, jnp.int64)
    (dr, rr), _ = lax.scan(one_set, (zeros, zeros), (random_u, random_v))
    return histogram(data, data, True), dr, rr
