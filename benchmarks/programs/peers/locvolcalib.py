"""LocVolCalib (FinPar) in PyTorch and JAX: the Douglas ADI time steps of
../locvolcalib.fut for all strikes at once. The tridiagonal systems depend
only on the grid point, not the strike, so each step factors them once and
solves for every strike as a further right-hand side."""
import math

import numpy as np

S0, MATURITY, ALPHA, BETA, NU = 0.03, 5.0, 0.2, 0.5, 0.6


def make_inputs(rng):
    return 256, 256, 256, 64


DATASETS = {"large": make_inputs}
STATIC = (0, 1, 2, 3)


def grids(num_x, num_y, num_t):
    """The model's grids, in f32 as ../locvolcalib.fut computes them."""
    f = np.float32
    timeline = f(MATURITY) * np.arange(num_t, dtype=f) / f(num_t - 1)
    dx = f(20) * f(ALPHA) * f(S0) * np.sqrt(f(MATURITY)) / f(num_x)
    xi = int(f(S0) / dx)
    xs = np.arange(num_x, dtype=f) * dx - f(xi) * dx + f(S0)
    dy = f(10) * f(NU) * np.sqrt(f(MATURITY)) / f(num_y)
    yi = num_y // 2
    ys = np.arange(num_y, dtype=f) * dy - f(yi) * dy + np.log(f(ALPHA))
    return timeline, xs, xi, ys, yi


def second_derivative(g):
    """[3][n] three-point weights (lower, main, upper), zero on the edge."""
    w = np.zeros((3, len(g)), np.float32)
    dl, du = g[1:-1] - g[:-2], g[2:] - g[1:-1]
    w[0, 1:-1] = 2 / dl / (dl + du)
    w[1, 1:-1] = -2 * (1 / dl + 1 / du) / (dl + du)
    w[2, 1:-1] = 2 / du / (dl + du)
    return w


def torch_fn(outer, num_x, num_y, num_t):
    import torch
    device = "cuda" if torch.cuda.is_available() else "cpu"
    timeline, xs, xi, ys, yi = grids(num_x, num_y, num_t)
    dxx = torch.from_numpy(second_derivative(xs)).to(device)[:, :, None]   # [3][nx][1]
    dyy = torch.from_numpy(second_derivative(ys)).to(device)[:, None, :]   # [3][1][ny]
    x, y = torch.from_numpy(xs).to(device), torch.from_numpy(ys).to(device)
    strikes = 0.001 * torch.arange(outer, device=device, dtype=torch.float32)
    u = torch.relu(x[None, :, None] - strikes[:, None, None]).expand(outer, num_x, num_y).contiguous()

    def along(w, v, axis):
        """The weighted three-point sums of v along axis (1: x, 2: y), zero outside."""
        padded = torch.nn.functional.pad(v, (1, 1) if axis == 2 else (0, 0, 1, 1))
        lo, mid, hi = (padded.narrow(axis, k, v.shape[axis]) for k in range(3))
        return w[0] * lo + w[1] * mid + w[2] * hi

    def solve(a, b, c, rhs, axis):
        """Thomas algorithm along axis for the systems (a, b, c) shared by all strikes."""
        n = rhs.shape[axis]
        a, b, c = (t.movedim(axis - 1, 0) for t in (a, b, c))
        r = rhs.movedim(axis, 1).clone()
        cs = torch.empty_like(b)
        for i in range(n):
            denom = b[i] - a[i] * cs[i - 1] if i else b[i]
            cs[i] = c[i] / denom
            r[:, i] = (r[:, i] - a[i] * r[:, i - 1]) / denom if i else r[:, i] / denom
        for i in range(n - 2, -1, -1):
            r[:, i] -= cs[i] * r[:, i + 1]
        return r.movedim(1, axis)

    for i in range(num_t - 2, -1, -1):
        t = float(timeline[i])
        dt_inv = 1 / float(timeline[i + 1] - timeline[i])
        var_x = torch.exp(2 * (BETA * torch.log(x)[:, None] + y[None, :] - 0.5 * NU * NU * t))
        var_y = torch.exp(2 * (ALPHA * torch.log(x)[:, None] + y[None, :] - 0.5 * NU * NU * t))
        ax_u = 0.5 * var_x * along(dxx, u, 1)
        ay_u = 0.5 * var_y * along(dyy, u, 2)
        u1 = solve(-0.25 * var_x * dxx[0], dt_inv - 0.25 * var_x * dxx[1], -0.25 * var_x * dxx[2],
                   dt_inv * u + 0.5 * ax_u + ay_u, 1)
        u = solve(-0.25 * var_y * dyy[0], dt_inv - 0.25 * var_y * dyy[1], -0.25 * var_y * dyy[2],
                  dt_inv * u1 - 0.5 * ay_u, 2)
    return u[:, xi, yi]


def jax_fn(outer, num_x, num_y, num_t):
    import jax.numpy as jnp
    from jax import lax
    timeline, xs, xi, ys, yi = grids(num_x, num_y, num_t)
    dxx = jnp.asarray(second_derivative(xs))[:, :, None]
    dyy = jnp.asarray(second_derivative(ys))[:, None, :]
    x, y = jnp.asarray(xs), jnp.asarray(ys)
    timeline = jnp.asarray(timeline)
    strikes = 0.001 * jnp.arange(outer, dtype=jnp.float32)
    u0 = jnp.broadcast_to(jnp.maximum(x[None, :, None] - strikes[:, None, None], 0),
                          (outer, num_x, num_y))

    def along(w, v, axis):
        pad = [(0, 0)] * 3
        pad[axis] = (1, 1)
        padded = jnp.pad(v, pad)
        n = v.shape[axis]
        lo, mid, hi = (lax.slice_in_dim(padded, k, k + n, axis=axis) for k in range(3))
        return w[0] * lo + w[1] * mid + w[2] * hi

    def solve(a, b, c, rhs):
        """Systems along the last axis of a, b, c (batched over the first); rhs is
        [outer][batch][n]."""
        a = a.at[:, 0].set(0)
        c = c.at[:, -1].set(0)
        return lax.linalg.tridiagonal_solve(a, b, c, rhs.transpose(1, 2, 0)).transpose(2, 0, 1)

    def step(k, u):
        i = num_t - 2 - k
        t = timeline[i]
        dt_inv = 1 / (timeline[i + 1] - timeline[i])
        var_x = jnp.exp(2 * (BETA * jnp.log(x)[:, None] + y[None, :] - 0.5 * NU * NU * t))
        var_y = jnp.exp(2 * (ALPHA * jnp.log(x)[:, None] + y[None, :] - 0.5 * NU * NU * t))
        ax_u = 0.5 * var_x * along(dxx, u, 1)
        ay_u = 0.5 * var_y * along(dyy, u, 2)
        rhs_x = (dt_inv * u + 0.5 * ax_u + ay_u).transpose(0, 2, 1)
        u1 = solve((-0.25 * var_x * dxx[0]).T, (dt_inv - 0.25 * var_x * dxx[1]).T,
                   (-0.25 * var_x * dxx[2]).T, rhs_x).transpose(0, 2, 1)
        return solve(-0.25 * var_y * dyy[0], dt_inv - 0.25 * var_y * dyy[1],
                     -0.25 * var_y * dyy[2], dt_inv * u1 - 0.5 * ay_u)

    return lax.fori_loop(0, num_t - 1, step, u0)[:, xi, yi]
