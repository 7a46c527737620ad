"""The Results model, readers, bundled datasets and the simulation model."""

from algocompare.data._datasets import list_datasets, load_dataset
from algocompare.data._experiment_dir import read_experiment_dir
from algocompare.data._io import read, read_frame
from algocompare.data._results import Results
from algocompare.data._simulate import Simulation, simulate_runs

__all__ = ["Results", "read", "read_frame", "read_experiment_dir", "load_dataset", "list_datasets", "simulate_runs",
           "Simulation"]
