"""Fluid (Accelerate; Stam's stable fluids) in PyTorch and JAX: the time step
of ../fluid.fut, with clamped neighbours, Jacobi sweeps and bilinear advection."""
import math

import numpy as np

DT, VISCOSITY, DIFFUSION = 0.1, 0.0001, 0.0001


def make_inputs(rng):
    return (1, 20, rng.random((3000, 3000), dtype=np.float32),
            rng.random((3000, 3000), dtype=np.float32), rng.random((3000, 3000), dtype=np.float32))


DATASETS = {"3000x3000": make_inputs}
STATIC = (0, 1)


def torch_fn(steps, iterations, density, u, v):
    import torch
    import torch.nn.functional as F

    def shifts(x):
        p = F.pad(x[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]
        return p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]

    def neighbour_sum(x):
        up, down, left, right = shifts(x)
        return up + down + left + right

    def diffuse(rate, x0):
        a = DT * rate * x0.numel()
        x = x0
        for _ in range(iterations):
            x = (x0 + a * neighbour_sum(x)) / (1 + 4 * a)
        return x

    def project(u, v):
        big_n = math.sqrt(u.numel())
        _, _, u_left, u_right = shifts(u)
        v_up, v_down, _, _ = shifts(v)
        div = -0.5 / big_n * (u_right - u_left + v_down - v_up)
        p = torch.zeros_like(u)
        for _ in range(iterations):
            p = (div + neighbour_sum(p)) / 4
        p_up, p_down, p_left, p_right = shifts(p)
        return u - 0.5 * big_n * (p_right - p_left), v - 0.5 * big_n * (p_down - p_up)

    def advect(d0, u, v):
        n, m = d0.shape
        dt0 = DT * math.sqrt(n * m)
        x = (torch.arange(m, device=d0.device, dtype=d0.dtype)[None, :] - dt0 * u).clamp(0, m - 1)
        y = (torch.arange(n, device=d0.device, dtype=d0.dtype)[:, None] - dt0 * v).clamp(0, n - 1)
        j0, i0 = x.long(), y.long()
        s1, t1 = x - j0, y - i0
        j1, i1 = (j0 + 1).clamp(max=m - 1), (i0 + 1).clamp(max=n - 1)
        flat = d0.flatten()
        at = lambda i, j: flat[i * m + j]
        return ((1 - t1) * ((1 - s1) * at(i0, j0) + s1 * at(i0, j1))
                + t1 * ((1 - s1) * at(i1, j0) + s1 * at(i1, j1)))

    for _ in range(steps):
        u, v = project(diffuse(VISCOSITY, u), diffuse(VISCOSITY, v))
        u, v = project(advect(u, u, v), advect(v, u, v))
        density = advect(diffuse(DIFFUSION, density), u, v)
    return density, u, v


def jax_fn(steps, iterations, density, u, v):
    import jax.numpy as jnp
    from jax import lax

    def shifts(x):
        p = jnp.pad(x, 1, mode="edge")
        return p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]

    def neighbour_sum(x):
        up, down, left, right = shifts(x)
        return up + down + left + right

    def diffuse(rate, x0):
        a = DT * rate * x0.size
        return lax.fori_loop(0, iterations, lambda _, x: (x0 + a * neighbour_sum(x)) / (1 + 4 * a), x0)

    def project(u, v):
        big_n = math.sqrt(u.size)
        _, _, u_left, u_right = shifts(u)
        v_up, v_down, _, _ = shifts(v)
        div = -0.5 / big_n * (u_right - u_left + v_down - v_up)
        p = lax.fori_loop(0, iterations, lambda _, p: (div + neighbour_sum(p)) / 4, jnp.zeros_like(u))
        p_up, p_down, p_left, p_right = shifts(p)
        return u - 0.5 * big_n * (p_right - p_left), v - 0.5 * big_n * (p_down - p_up)

    def advect(d0, u, v):
        n, m = d0.shape
        dt0 = DT * math.sqrt(n * m)
        x = jnp.clip(jnp.arange(m, dtype=d0.dtype)[None, :] - dt0 * u, 0, m - 1)
        y = jnp.clip(jnp.arange(n, dtype=d0.dtype)[:, None] - dt0 * v, 0, n - 1)
        j0, i0 = x.astype(jnp.int32), y.astype(jnp.int32)
        s1, t1 = x - j0, y - i0
        j1, i1 = jnp.minimum(j0 + 1, m - 1), jnp.minimum(i0 + 1, n - 1)
        flat = d0.ravel()
        at = lambda i, j: flat[i * m + j]
        return ((1 - t1) * ((1 - s1) * at(i0, j0) + s1 * at(i0, j1))
                + t1 * ((1 - s1) * at(i1, j0) + s1 * at(i1, j1)))

    def step(_, state):
        density, u, v = state
        u, v = project(diffuse(VISCOSITY, u), diffuse(VISCOSITY, v))
        u, v = project(advect(u, u, v), advect(v, u, v))
        return advect(diffuse(DIFFUSION, density), u, v), u, v

    return lax.fori_loop(0, steps, step, (density, u, v))
