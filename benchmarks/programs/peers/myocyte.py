"""Myocyte (Rodinia) workload shape in PyTorch and JAX: independent
Hodgkin-Huxley membrane simulations, each integrated to xmax with adaptive
Runge-Kutta-Fehlberg 4(5) steps; all simulations step together, each with its
own time and step size. NOT Rodinia's 91-equation cell model; see
../myocyte.fut."""
import numpy as np

MAX_STEPS = 100000
RESTING = (-65.0, 0.0529, 0.5961, 0.3177)
# Runge-Kutta-Fehlberg 4(5): stage weights, fifth- and fourth-order weights.
STAGES = [[1 / 4],
          [3 / 32, 9 / 32],
          [1932 / 2197, -7200 / 2197, 7296 / 2197],
          [439 / 216, -8, 3680 / 513, -845 / 4104],
          [-8 / 27, 2, -3544 / 2565, 1859 / 4104, -11 / 40]]
FIFTH = [16 / 135, 0, 6656 / 12825, 28561 / 56430, -9 / 50, 2 / 55]
FOURTH = [25 / 216, 0, 1408 / 2565, 2197 / 4104, -1 / 5, 0]


def make_inputs(rng):
    return rng.random(65536, dtype=np.float32), 3.0


DATASETS = {"workload=65536,xmax=3": make_inputs}
STATIC = ()


def vtrap(xp, x, y):
    """x / (exp(x / y) - 1), with its limit where x is near 0."""
    small = abs(x / y) < 1e-6
    safe = xp.where(small, 1.0, x)
    return xp.where(small, y * (1 - x / y / 2), safe / (xp.exp(safe / y) - 1))


def derivative(xp, stimulus, y):
    v, m, h, n = y
    alpha_m = 0.1 * vtrap(xp, -(v + 40), 10)
    beta_m = 4 * xp.exp(-(v + 65) / 18)
    alpha_h = 0.07 * xp.exp(-(v + 65) / 20)
    beta_h = 1 / (1 + xp.exp(-(v + 35) / 10))
    alpha_n = 0.01 * vtrap(xp, -(v + 55), 10)
    beta_n = 0.125 * xp.exp(-(v + 65) / 80)
    current = (stimulus - 120 * m ** 3 * h * (v - 50) - 36 * n ** 4 * (v + 77)
               - 0.3 * (v + 54.387))
    return [current, alpha_m * (1 - m) - beta_m * m, alpha_h * (1 - h) - beta_h * h,
            alpha_n * (1 - n) - beta_n * n]


def combine(y, h, weights, ks):
    return [yi + h * sum(w * k[i] for w, k in zip(weights, ks) if w != 0)
            for i, yi in enumerate(y)]


def step(xp, stimulus, xmax, state):
    """One adaptive step of every simulation still running."""
    y, t, h, steps = state
    h = xp.minimum(h, xmax - t)
    ks = [derivative(xp, stimulus, y)]
    for weights in STAGES:
        ks.append(derivative(xp, stimulus, combine(y, h, weights, ks)))
    fifth = combine(y, h, FIFTH, ks)
    fourth = combine(y, h, FOURTH, ks)
    error = xp.amax(xp.stack([abs(a - b) / (1e-5 * (1 + abs(a))) for a, b in zip(fifth, fourth)]), 0)
    factor = xp.clip(0.9 * error ** -0.2, 0.2, 5.0)
    running = (t < xmax) & (steps < MAX_STEPS)
    accept = running & (error <= 1)
    y = [xp.where(accept, new, old) for new, old in zip(fifth, y)]
    t = xp.where(accept, t + h, t)
    h = xp.where(running, h * factor, h)
    return y, t, h, steps + running


def torch_fn(stimuli, xmax):
    import torch
    stimulus = 5 + 10 * stimuli
    y = [torch.full_like(stimuli, r) for r in RESTING]
    state = (y, torch.zeros_like(stimuli), torch.full_like(stimuli, 0.01),
             torch.zeros_like(stimuli, dtype=torch.int32))
    while bool(((state[1] < xmax) & (state[3] < MAX_STEPS)).any()):
        state = step(torch, stimulus, xmax, state)
    return torch.stack(state[0], 1)


def jax_fn(stimuli, xmax):
    import jax.numpy as jnp
    from jax import lax
    stimulus = 5 + 10 * stimuli
    y = [jnp.full_like(stimuli, r) for r in RESTING]
    state = (y, jnp.zeros_like(stimuli), jnp.full_like(stimuli, 0.01),
             jnp.zeros(stimuli.shape, jnp.int32))
    state = lax.while_loop(lambda s: jnp.any((s[1] < xmax) & (s[3] < MAX_STEPS)),
                           lambda s: step(jnp, stimulus, xmax, s), state)
    return jnp.stack(state[0], 1)
