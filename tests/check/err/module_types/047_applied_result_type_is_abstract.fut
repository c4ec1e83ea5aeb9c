-- Applying a parametric module with a result module type gives a module
-- seen through that module type: a type it leaves abstract is not the
-- body's definition of it.
-- ==
-- error: Expected: i32\s*Actual:\s*counter.count

module type counting = {
  type count
  val start : count
  val tick : count -> count
}

module mk_counter (P: {val step : i32}) : counting = {
  type count = i32
  def start : count = 0
  def tick (c: count) = c + P.step
}

module counter = mk_counter {def step = 2i32}

def leak : i32 = counter.tick counter.start
