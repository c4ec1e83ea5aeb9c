"""MRI-Q (Parboil) in PyTorch and JAX: the Q matrix of ../mriq.fut, computed
in blocks of voxels so that the voxel-by-sample angle matrix stays small."""
import math

import numpy as np

NUM_K, NUM_X = 2048, 262144
BLOCK = 8192


def make_inputs(rng):
    k = [rng.random(NUM_K, dtype=np.float32) for _ in range(3)]
    x = [rng.random(NUM_X, dtype=np.float32) for _ in range(3)]
    phi = [rng.random(NUM_K, dtype=np.float32) for _ in range(2)]
    return (*k, *x, *phi)


DATASETS = {"large": make_inputs}
STATIC = ()


def torch_fn(kx, ky, kz, x, y, z, phi_r, phi_i):
    import torch
    phi_mag = phi_r * phi_r + phi_i * phi_i
    qr, qi = [], []
    for s in range(0, x.shape[0], BLOCK):
        arg = (2 * math.pi) * (x[s:s + BLOCK, None] * kx + y[s:s + BLOCK, None] * ky
                               + z[s:s + BLOCK, None] * kz)
        qr.append(torch.cos(arg) @ phi_mag)
        qi.append(torch.sin(arg) @ phi_mag)
    return torch.cat(qr), torch.cat(qi)


def jax_fn(kx, ky, kz, x, y, z, phi_r, phi_i):
    import jax.numpy as jnp
    from jax import lax
    phi_mag = phi_r * phi_r + phi_i * phi_i

    def voxel(p):
        arg = (2 * math.pi) * (kx * p[0] + ky * p[1] + kz * p[2])
        return jnp.sum(phi_mag * jnp.cos(arg)), jnp.sum(phi_mag * jnp.sin(arg))

    return lax.map(voxel, jnp.stack([x, y, z], 1), batch_size=BLOCK)
