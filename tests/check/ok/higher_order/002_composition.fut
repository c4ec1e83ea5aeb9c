-- Forward and backward function composition operators.
-- ==
def inc (x: i32) = x + 1
def dbl (x: i32) = x * 2
def a = (inc >-> dbl) 3
def b = (inc <-< dbl) 3
