-- Character literals with escape sequences.
def newline = '\n'
def tab = '\t'
def carriage = '\r'
def backslash = '\\'
def quote = '\''
def dquote = '\"'
def nul = '\0'
