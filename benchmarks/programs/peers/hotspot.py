"""HotSpot (Rodinia) in PyTorch and JAX: transient thermal simulation of a
chip on a grid, with Rodinia's constants; see ../hotspot.fut."""
import numpy as np


def make_inputs(rng):
    temp = rng.random((1024, 1024), dtype=np.float32)
    power = rng.random((1024, 1024), dtype=np.float32)
    return temp, power, 360


DATASETS = {"1024x1024_360": make_inputs}
STATIC = (2,)


def coefficients(rows, cols):
    """Rodinia's constants for a 16 mm x 16 mm x 0.5 mm chip split in rows x cols cells."""
    grid_height, grid_width = 0.016 / rows, 0.016 / cols
    thickness, conductivity, heat, factor = 0.0005, 100.0, 1.75e6, 0.5
    cap = factor * heat * thickness * grid_width * grid_height
    rx = grid_width / (2 * conductivity * thickness * grid_height)
    ry = grid_height / (2 * conductivity * thickness * grid_width)
    rz = thickness / (conductivity * grid_height * grid_width)
    step = 0.001 / (3.0e6 / (factor * thickness * heat))
    return step / cap, rx, ry, rz


def torch_fn(temp, power, steps):
    import torch
    scale, rx, ry, rz = coefficients(*temp.shape)
    for _ in range(steps):
        north = torch.cat([temp[:1], temp[:-1]], 0)
        south = torch.cat([temp[1:], temp[-1:]], 0)
        west = torch.cat([temp[:, :1], temp[:, :-1]], 1)
        east = torch.cat([temp[:, 1:], temp[:, -1:]], 1)
        temp = temp + scale * (power + (north + south - 2 * temp) / ry
                               + (east + west - 2 * temp) / rx + (80.0 - temp) / rz)
    return temp


def jax_fn(temp, power, steps):
    import jax.numpy as jnp
    from jax import lax
    scale, rx, ry, rz = coefficients(*temp.shape)

    def step(_, temp):
        padded = jnp.pad(temp, 1, mode="edge")
        north, south = padded[:-2, 1:-1], padded[2:, 1:-1]
        west, east = padded[1:-1, :-2], padded[1:-1, 2:]
        return temp + scale * (power + (north + south - 2 * temp) / ry
                               + (east + west - 2 * temp) / rx + (80.0 - temp) / rz)

    return lax.fori_loop(0, steps, step, temp)
