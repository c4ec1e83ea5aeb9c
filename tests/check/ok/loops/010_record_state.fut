-- A loop whose state is a record.
-- ==
def simulate (steps: i32) =
  loop st = {pos = 0f32, vel = 1f32} for _i < steps do
    {pos = st.pos + st.vel, vel = st.vel * 0.9}
