"""SRAD (Rodinia) in PyTorch and JAX: speckle reducing anisotropic diffusion
of an image; see ../srad.fut."""
import numpy as np


def make_inputs(rng):
    return rng.random((502, 458), dtype=np.float32), 100, 0.5


DATASETS = {"502x458_100": make_inputs}
STATIC = (1,)


def torch_fn(image, iterations, lam):
    import torch
    j = torch.exp(image)
    for _ in range(iterations):
        mean = j.mean()
        q0sqr = ((j * j).mean() - mean * mean) / (mean * mean)
        dn = torch.cat([j[:1], j[:-1]], 0) - j
        ds = torch.cat([j[1:], j[-1:]], 0) - j
        dw = torch.cat([j[:, :1], j[:, :-1]], 1) - j
        de = torch.cat([j[:, 1:], j[:, -1:]], 1) - j
        g2 = (dn * dn + ds * ds + dw * dw + de * de) / (j * j)
        l = (dn + ds + dw + de) / j
        qsqr = (0.5 * g2 - l * l / 16) / (1 + 0.25 * l) ** 2
        c = torch.clamp(1 / (1 + (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))), 0, 1)
        south = torch.cat([c[1:], c[-1:]], 0)
        east = torch.cat([c[:, 1:], c[:, -1:]], 1)
        j = j + 0.25 * lam * (c * dn + south * ds + c * dw + east * de)
    return torch.log(j) * 255


def jax_fn(image, iterations, lam):
    import jax.numpy as jnp
    from jax import lax

    def iterate(_, j):
        mean = j.mean()
        q0sqr = ((j * j).mean() - mean * mean) / (mean * mean)
        p = jnp.pad(j, 1, mode="edge")
        dn, ds = p[:-2, 1:-1] - j, p[2:, 1:-1] - j
        dw, de = p[1:-1, :-2] - j, p[1:-1, 2:] - j
        g2 = (dn * dn + ds * ds + dw * dw + de * de) / (j * j)
        l = (dn + ds + dw + de) / j
        qsqr = (0.5 * g2 - l * l / 16) / (1 + 0.25 * l) ** 2
        c = jnp.clip(1 / (1 + (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))), 0, 1)
        pc = jnp.pad(c, 1, mode="edge")
        return j + 0.25 * lam * (c * dn + pc[2:, 1:-1] * ds + c * dw + pc[1:-1, 2:] * de)

    return jnp.log(lax.fori_loop(0, iterations, iterate, jnp.exp(image))) * 255
