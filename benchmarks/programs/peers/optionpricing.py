"""OptionPricing (FinPar) in PyTorch and JAX: the quasi-random Monte Carlo
price of ../optionpricing.fut. The Brownian bridge is linear in its normals,
so here it is one matrix product per block of paths (a matrix built on the
host by running the bridge on unit vectors)."""
import math

import numpy as np

RATE, STRIKE = 0.03, 0.8
VOLS = np.array([0.2, 0.25, 0.3], dtype=np.float32)
BLOCK = 65536


def make_inputs(rng):
    return 1048576, 367


DATASETS = {"large": make_inputs}
STATIC = (0, 1)


def hash32(x):
    x = x.astype(np.uint64) & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x85EBCA6B) & 0xFFFFFFFF
    x ^= x >> 13
    x = (x * 0xC2B2AE35) & 0xFFFFFFFF
    return x ^ (x >> 16)


def direction_numbers(dims):
    """[dims][30] direction numbers: bit 29-k set, the lower bits hashed."""
    d, k = np.meshgrid(np.arange(dims), np.arange(30), indexing="ij")
    top = np.uint64(1) << (29 - k).astype(np.uint64)
    return (top | (hash32(d * 30 + k + 1) & (top - np.uint64(1)))).astype(np.int32)


def bridge_matrix(m):
    """B with W = B z: the breadth-first Brownian bridge over dates (k + 1) / m."""
    date = lambda k: 0.0 if k < 0 else (k + 1) / m
    steps = [(m - 1, -1, -1, 0.0, 0.0, math.sqrt(date(m - 1)))]
    queue = [(-1, m - 1)] if m >= 2 else []
    while queue:
        l, r = queue.pop(0)
        mid = l + (r - l) // 2
        tl, tm, tr = date(l), date(mid), date(r)
        steps.append((mid, l, r, (tr - tm) / (tr - tl), (tm - tl) / (tr - tl),
                      math.sqrt((tm - tl) * (tr - tm) / (tr - tl))))
        queue += [s for s in ((l, mid), (mid, r)) if s[1] - s[0] >= 2]
    b = np.zeros((m + 1, m))  # row m stands for W(0) = 0
    for k, (mid, l, r, lw, rw, sd) in enumerate(steps):
        b[mid] = lw * b[l] + rw * b[r]
        b[mid, k] += sd
    return b[:m].astype(np.float32)


def model(num_dates):
    chol = np.linalg.cholesky(np.array([[1, 0.5, 0.5], [0.5, 1, 0.5], [0.5, 0.5, 1]])).astype(np.float32)
    dates = (np.arange(1, num_dates + 1) / num_dates).astype(np.float32)
    drift = (RATE - VOLS * VOLS / 2).astype(np.float32)
    return direction_numbers(3 * num_dates), bridge_matrix(num_dates), chol, dates, drift


def torch_fn(num_paths, num_dates):
    import torch
    device = "cuda" if torch.cuda.is_available() else "cpu"
    dirs, bridge, chol, dates, drift = (torch.from_numpy(a).to(device) for a in model(num_dates))
    vols = torch.from_numpy(VOLS).to(device)
    total = torch.zeros((), device=device)
    for start in range(0, num_paths, BLOCK):
        index = torch.arange(start + 1, min(start + BLOCK, num_paths) + 1, device=device)
        gray = index ^ (index >> 1)
        x = torch.zeros(index.shape[0], dirs.shape[0], dtype=torch.int32, device=device)
        for k in range(30):
            x ^= dirs[None, :, k] * ((gray >> k) & 1).to(torch.int32)[:, None]
        z = torch.special.ndtri(((x >> 7).float() + 0.5) / 8388608)
        w = z.view(-1, num_dates, 3).transpose(1, 2) @ bridge.T         # [paths][3][dates]
        prices = torch.exp(drift[:, None] * dates + vols[:, None] * (chol @ w))
        total += torch.relu(prices.amin(1).mean(1) - STRIKE).sum()
    return math.exp(-RATE) * total / num_paths


def jax_fn(num_paths, num_dates):
    import jax.numpy as jnp
    from jax import lax
    from jax.scipy.special import ndtri
    dirs, bridge, chol, dates, drift = (jnp.asarray(a) for a in model(num_dates))
    block = min(BLOCK, num_paths)
    assert num_paths % block == 0

    def block_sum(index):
        gray = index ^ (index >> 1)
        bits = (gray[:, None, None] >> jnp.arange(30, dtype=jnp.int32)) & 1
        x = lax.reduce(dirs[None] * bits, jnp.int32(0), lax.bitwise_xor, (2,))
        z = ndtri(((x >> 7).astype(jnp.float32) + 0.5) / 8388608)
        w = jnp.matmul(z.reshape(-1, num_dates, 3).transpose(0, 2, 1), bridge.T,
                       precision=lax.Precision.HIGHEST)
        prices = jnp.exp(drift[:, None] * dates
                         + VOLS[:, None] * jnp.matmul(chol, w, precision=lax.Precision.HIGHEST))
        return jnp.sum(jnp.maximum(prices.min(1).mean(1) - STRIKE, 0))

    indices = jnp.arange(1, num_paths + 1, dtype=jnp.int32).reshape(-1, block)
    return math.exp(-RATE) * jnp.sum(lax.map(block_sum, indices)) / num_paths
