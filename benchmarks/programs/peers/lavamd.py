"""LavaMD (Rodinia) in PyTorch and JAX: particle potentials and forces from
the particles of the same and the neighbouring boxes; see ../lavamd.fut."""
import numpy as np

A2 = 2 * 0.5 * 0.5


def make_inputs(rng):
    n = 10 ** 3 * 100
    return 10, rng.random((n, 4), dtype=np.float32), rng.random(n, dtype=np.float32)


DATASETS = {"boxes1d=10": make_inputs}
STATIC = (0,)


def neighbour_table(side):
    """For each box, the 27 boxes around it (itself included) and whether each exists."""
    z, y, x = np.meshgrid(*(np.arange(side),) * 3, indexing="ij")
    offsets = np.stack(np.meshgrid(*(np.arange(-1, 2),) * 3, indexing="ij"), -1).reshape(27, 3)
    coords = np.stack([z, y, x], -1).reshape(-1, 1, 3) + offsets
    valid = np.all((coords >= 0) & (coords < side), -1)
    coords = np.clip(coords, 0, side - 1)
    return (coords[..., 0] * side + coords[..., 1]) * side + coords[..., 2], valid


def forces(particles, charges, table, present, exp, stack):
    """The computation, on torch or jax arrays: table and present are
    neighbour_table's, as arrays of the same library (present as 0/1 charges)."""
    boxes, per_box = table.shape[0], particles.shape[0] // table.shape[0]
    particles = particles.reshape(boxes, per_box, 4)
    # Charges of missing neighbours are zero, so they add nothing.
    charges = (charges.reshape(boxes, per_box)[table] * present[..., None]).reshape(boxes, 1, 27 * per_box)
    others = particles[table].reshape(boxes, 1, 27 * per_box, 4)
    a = particles.reshape(boxes, per_box, 1, 4)
    r2 = a[..., 0] + others[..., 0] - (a[..., 1] * others[..., 1] + a[..., 2] * others[..., 2]
                                       + a[..., 3] * others[..., 3])
    weighted = charges * exp(-A2 * r2)
    potential = weighted.sum(-1)
    fx = (2 * weighted * (a[..., 1] - others[..., 1])).sum(-1)
    fy = (2 * weighted * (a[..., 2] - others[..., 2])).sum(-1)
    fz = (2 * weighted * (a[..., 3] - others[..., 3])).sum(-1)
    return stack([potential, fx, fy, fz], -1).reshape(boxes * per_box, 4)


def torch_fn(side, particles, charges):
    import torch
    table, present = neighbour_table(side)
    table = torch.as_tensor(table, device=particles.device)
    present = torch.as_tensor(present, dtype=charges.dtype, device=particles.device)
    return forces(particles, charges, table, present, torch.exp, torch.stack)


def jax_fn(side, particles, charges):
    import jax.numpy as jnp
    table, present = neighbour_table(side)
    return forces(particles, charges, jnp.asarray(table), jnp.asarray(present, charges.dtype),
                  jnp.exp, jnp.stack)
