"""make"""
