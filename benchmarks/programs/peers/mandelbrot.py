"""Mandelbrot (Accelerate) in PyTorch and JAX: escape-time iteration counts
over the fixed view of ../mandelbrot.fut, computed in f32 the same way."""
import numpy as np

X0, X1, Y0, Y1 = np.float32(-2.23), np.float32(0.83), np.float32(-1.15), np.float32(1.15)


def make_inputs(rng):
    return 4000, 4000, 255


DATASETS = {"4000x4000": make_inputs}
STATIC = (0, 1)


def plane(h, w):
    """The pixels' real and imaginary parts, as numpy f32 scalars and steps."""
    return (X1 - X0) / np.float32(w), (Y1 - Y0) / np.float32(h)


def torch_fn(h, w, limit):
    import torch
    device = "cuda" if torch.cuda.is_available() else "cpu"
    dx, dy = plane(h, w)
    cr = (torch.arange(w, device=device, dtype=torch.float32) * float(dx) + float(X0)).expand(h, w)
    ci = (torch.arange(h, device=device, dtype=torch.float32) * float(dy) + float(Y0))[:, None].expand(h, w)
    zr = torch.zeros(h, w, device=device)
    zi = torch.zeros(h, w, device=device)
    count = torch.zeros(h, w, device=device, dtype=torch.int32)
    for _ in range(limit):
        alive = zr * zr + zi * zi < 4
        zr, zi = (torch.where(alive, zr * zr - zi * zi + cr, zr),
                  torch.where(alive, 2 * zr * zi + ci, zi))
        count += alive
    return count


def jax_fn(h, w, limit):
    import jax.numpy as jnp
    from jax import lax
    dx, dy = plane(h, w)
    cr = jnp.broadcast_to(jnp.arange(w, dtype=jnp.float32) * dx + X0, (h, w))
    ci = jnp.broadcast_to((jnp.arange(h, dtype=jnp.float32) * dy + Y0)[:, None], (h, w))

    def step(_, state):
        zr, zi, count = state
        alive = zr * zr + zi * zi < 4
        return (jnp.where(alive, zr * zr - zi * zi + cr, zr),
                jnp.where(alive, 2 * zr * zi + ci, zi),
                count + alive.astype(jnp.int32))

    zeros = jnp.zeros((h, w), jnp.float32)
    return lax.fori_loop(0, limit, step, (zeros, zeros, jnp.zeros((h, w), jnp.int32)))[2]
