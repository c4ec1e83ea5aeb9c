"""Crystal (Accelerate's quasicrystal) in PyTorch and JAX: the wrapped sum of
plane waves of ../crystal.fut."""
import math


def make_inputs(rng):
    return 2000, 50, 30.0, 1.0


DATASETS = {"2000_50": make_inputs}
STATIC = (0, 1)


def torch_fn(size, degree, scale, time):
    import torch
    device = "cuda" if torch.cuda.is_available() else "cpu"
    coords = scale * (2 * torch.arange(size, device=device, dtype=torch.float32) / (size - 1) - 1)
    u, v = coords[None, :], coords[:, None]
    total = torch.zeros(size, size, device=device)
    for k in range(degree):
        theta = torch.tensor(k * math.pi / degree, dtype=torch.float32)
        c, s = float(torch.cos(theta)), float(torch.sin(theta))
        total += (torch.cos(c * u + s * v + time) + 1) / 2
    whole = torch.trunc(total)
    fraction = total - whole
    return torch.where(torch.remainder(whole, 2) == 1, 1 - fraction, fraction)


def jax_fn(size, degree, scale, time):
    import jax.numpy as jnp
    coords = scale * (2 * jnp.arange(size, dtype=jnp.float32) / (size - 1) - 1)
    thetas = jnp.arange(degree, dtype=jnp.float32) * jnp.float32(math.pi) / degree
    c, s = jnp.cos(thetas)[:, None, None], jnp.sin(thetas)[:, None, None]
    total = jnp.sum((jnp.cos(c * coords[None, None, :] + s * coords[None, :, None] + time) + 1) / 2,
                    axis=0)
    whole = jnp.trunc(total)
    fraction = total - whole
    return jnp.where(jnp.remainder(whole, 2) == 1, 1 - fraction, fraction)
