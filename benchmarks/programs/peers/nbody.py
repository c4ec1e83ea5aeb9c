"""N-body (Accelerate) in PyTorch and JAX: one all-pairs time step with the
softening and time step of ../nbody.fut."""
import numpy as np

EPS2 = np.float32(0.1) * np.float32(0.1)
DT = 0.1


def make_inputs(rng):
    n = 100000
    return (rng.random((n, 3), dtype=np.float32), rng.random((n, 3), dtype=np.float32),
            rng.random(n, dtype=np.float32))


DATASETS = {"n=100000": make_inputs}
STATIC = ()


def torch_fn(pos, vel, mass):
    import torch
    x, y, z = pos[:, 0], pos[:, 1], pos[:, 2]
    chunks = []
    for start in range(0, pos.shape[0], 2048):
        rx = x[None, :] - x[start:start + 2048, None]
        ry = y[None, :] - y[start:start + 2048, None]
        rz = z[None, :] - z[start:start + 2048, None]
        d2 = rx * rx + ry * ry + rz * rz + float(EPS2)
        s = mass[None, :] * torch.rsqrt(d2) / d2
        chunks.append(torch.stack([(s * rx).sum(1), (s * ry).sum(1), (s * rz).sum(1)], 1))
    vel = vel + DT * torch.cat(chunks)
    return pos + DT * vel, vel


def jax_fn(pos, vel, mass):
    import jax.numpy as jnp
    from jax import lax

    def accel(p):
        r = pos - p
        d2 = jnp.sum(r * r, axis=1) + EPS2
        s = mass * lax.rsqrt(d2) / d2
        return jnp.sum(r * s[:, None], axis=0)

    vel = vel + DT * lax.map(accel, pos, batch_size=2048)
    return pos + DT * vel, vel
