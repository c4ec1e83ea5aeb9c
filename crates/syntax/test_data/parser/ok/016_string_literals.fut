-- String literals are arrays of u8.
def greeting = "hello, world"
def empty = ""
def with_symbols = "a+b=c; (x) [y] {z} 'q' #h"
def first_byte = greeting[0]
def len = length with_symbols
