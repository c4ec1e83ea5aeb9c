"""CFD (Rodinia's euler3d) in PyTorch and JAX: a finite-volume Euler solver on
an unstructured mesh, three Runge-Kutta stages per iteration; see ../cfd.fut.
An element's variables are a row (density, momentum x, y, z, energy)."""
import math

import numpy as np

GAMMA = 1.4
SMOOTHING = 0.2
STAGES = 3


def make_inputs(rng):
    return 440, 440, 2000


DATASETS = {"fvcorr.domn.193K": make_inputs}
STATIC = (0, 1, 2)


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


def mesh(rows, cols):
    """The grid mesh of ../cfd.fut as numpy arrays: volumes, neighbours,
    normals, and the initial cells."""
    side = np.float32(1 / cols)
    r, c = np.divmod(np.arange(rows * cols), cols)
    on_plate = (c >= cols // 4) & (c < cols // 2)
    faces = []
    for r2, c2 in [(r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)]:
        outside = (r2 < 0) | (r2 >= rows) | (c2 < 0) | (c2 >= cols)
        wing = (r + r2 == rows - 1) & (r != r2) & on_plate
        faces.append(np.where(outside, -2, np.where(wing, -1, r2 * cols + c2)))
    normals = np.array([[-side, 0, 0], [side, 0, 0], [0, -side, 0], [0, side, 0]], np.float32)
    r0, c0, width = np.float32(rows / 2), np.float32(cols / 8), np.float32(cols / 16)
    bump = 1 + 0.1 * np.exp(-((r - r0) ** 2 + (c - c0) ** 2) / width ** 2, dtype=np.float32)
    far = free_stream()
    velocity = far[1] / far[0]
    density = far[0] * bump
    cells = np.stack([density, density * velocity, 0 * bump, 0 * bump,
                      density * 0.5 * velocity * velocity + bump / (GAMMA - 1)], -1)
    return (np.full(rows * cols, side * side, np.float32), np.stack(faces, -1),
            np.broadcast_to(normals, (rows * cols, 4, 3)), cells.astype(np.float32))


def iteration(xp, cells, far, volumes, neighbours, normals):
    _, speed_sqd, _, sound = flow(cells)
    factors = 0.5 / (volumes ** 0.5 * (speed_sqd ** 0.5 + sound))
    current = cells
    for stage in range(STAGES):
        current = cells + (factors / (STAGES + 1 - stage))[:, None] * fluxes(xp, current, far, neighbours, normals)
    return current


def split(cells):
    return tuple(cells[:, i] for i in range(5))


def torch_fn(rows, cols, iterations):
    import torch
    # No input is a tensor, so the device is chosen here: the GPU where there is one.
    device = "cuda" if torch.cuda.is_available() else "cpu"
    volumes, neighbours, normals, cells = (torch.as_tensor(np.ascontiguousarray(a), device=device)
                                           for a in mesh(rows, cols))
    far = torch.tensor(free_stream(), dtype=volumes.dtype, device=volumes.device)
    for _ in range(iterations):
        cells = iteration(torch, cells, far, volumes, neighbours, normals)
    return split(cells)


def jax_fn(rows, cols, iterations):
    import jax.numpy as jnp
    from jax import lax
    volumes, neighbours, normals, cells = (jnp.asarray(a) for a in mesh(rows, cols))
    far = jnp.asarray(free_stream(), volumes.dtype)
    cells = lax.fori_loop(0, iterations,
                          lambda _, c: iteration(jnp, c, far, volumes, neighbours, normals), cells)
    return split(cells)
