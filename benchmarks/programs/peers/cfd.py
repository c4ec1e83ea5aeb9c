"""CFD (Rodinia's euler3d) in PyTorch and JAX: a finite-volume Euler solver on
an unstructured mesh, three Runge-Kutta stages per iteration; see ../cfd.fut.
An element's variables are a row (density, momentum x, y, z, energy)."""
import math

import numpy as np

GAMMA = 1.4
SMOOTHING = 0.2
STAGES = 3
N = 193474


def make_inputs(rng):
    volumes = rng.random(N, dtype=np.float32)
    neighbours = rng.integers(-2 ** 31, 2 ** 31, (N, 4), dtype=np.int64).astype(np.int32)
    normals = rng.random((N, 4, 3), dtype=np.float32)
    return volumes, neighbours, normals, 2000


DATASETS = {"fvcorr.domn.193K": make_inputs}
STATIC = (3,)


def free_stream():
    density, pressure = 1.4, 1.0
    speed = 1.2 * math.sqrt(GAMMA * pressure / density)
    return [density, density * speed, 0.0, 0.0,
            density * 0.5 * speed * speed + pressure / (GAMMA - 1)]


def flow(cells):
    """Velocity, squared speed, pressure and speed of sound of cells (..., 5)."""
    density, momentum, energy = cells[..., 0], cells[..., 1:4], cells[..., 4]
    velocity = momentum / density[..., None]
    speed_sqd = (velocity * velocity).sum(-1)
    pressure = (GAMMA - 1) * (energy - 0.5 * density * speed_sqd)
    return velocity, speed_sqd, pressure, (GAMMA * pressure / density) ** 0.5


def normal_flux(xp, cells, normals):
    """The flux of every variable of cells through faces of the given normals."""
    velocity, _, pressure, _ = flow(cells)
    momentum, energy = cells[..., 1:4], cells[..., 4]
    through = (momentum * normals).sum(-1)
    return xp.concat([through[..., None],
                      velocity * through[..., None] + pressure[..., None] * normals,
                      ((energy + pressure) * (velocity * normals).sum(-1))[..., None]], axis=-1)


def fluxes(xp, cells, far, neighbours, normals):
    velocity, speed_sqd, pressure, sound = flow(cells)
    inner = neighbours >= 0
    others = xp.where((neighbours == -2)[..., None], far, cells[xp.where(inner, neighbours, 0)])
    _, other_speed_sqd, _, other_sound = flow(others)
    here = cells[:, None, :]
    central = 0.5 * (normal_flux(xp, here, normals) + normal_flux(xp, others, normals))
    factor = (-(normals * normals).sum(-1) ** 0.5 * SMOOTHING * 0.5
              * (speed_sqd[:, None] ** 0.5 + other_speed_sqd ** 0.5 + sound[:, None] + other_sound))
    smoothed = central + xp.where(inner, factor, 0.0)[..., None] * (here - others)
    zeros = normals[..., :1] * 0
    wing = xp.concat([zeros, pressure[:, None, None] * normals, zeros], axis=-1)
    return xp.where((neighbours == -1)[..., None], wing, smoothed).sum(1)


def mesh(xp, volumes, neighbours, normals):
    """The mesh that ../cfd.fut derives from its random input."""
    n = volumes.shape[0]
    neighbours = neighbours % (n + 2) - 2
    faces = normals[:, :3] - 0.5
    normals = xp.concat([faces, -faces.sum(1)[:, None]], axis=1)
    return volumes + 0.5, neighbours, normals


def iteration(xp, cells, far, volumes, neighbours, normals):
    _, speed_sqd, _, sound = flow(cells)
    factors = 0.5 / (volumes ** 0.5 * (speed_sqd ** 0.5 + sound))
    current = cells
    for stage in range(STAGES):
        current = cells + (factors / (STAGES + 1 - stage))[:, None] * fluxes(xp, current, far, neighbours, normals)
    return current


def split(cells):
    return tuple(cells[:, i] for i in range(5))


def torch_fn(volumes, neighbours, normals, iterations):
    import torch
    volumes, neighbours, normals = mesh(torch, volumes, neighbours, normals)
    far = torch.tensor(free_stream(), dtype=volumes.dtype, device=volumes.device)
    cells = far.expand(volumes.shape[0], 5)
    for _ in range(iterations):
        cells = iteration(torch, cells, far, volumes, neighbours, normals)
    return split(cells)


def jax_fn(volumes, neighbours, normals, iterations):
    import jax.numpy as jnp
    from jax import lax
    volumes, neighbours, normals = mesh(jnp, volumes, neighbours, normals)
    far = jnp.asarray(free_stream(), volumes.dtype)
    cells = jnp.broadcast_to(far, (volumes.shape[0], 5))
    cells = lax.fori_loop(0, iterations,
                          lambda _, c: iteration(jnp, c, far, volumes, neighbours, normals), cells)
    return split(cells)
