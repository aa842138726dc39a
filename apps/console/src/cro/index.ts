import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import { lazyPage } from '../common/lazyPage';

export { croNavigation, menuGroupOf } from './types';

const CtaList = lazyPage(
  () => import('./CtaList'),
  (m) => m.CtaList,
);
const CtaEdit = lazyPage(
  () => import('./CtaPages'),
  (m) => m.CtaEdit,
);
const CtaCreate = lazyPage(
  () => import('./CtaPages'),
  (m) => m.CtaCreate,
);
const CampaignList = lazyPage(
  () => import('./CampaignPages'),
  (m) => m.CampaignList,
);
const CampaignEdit = lazyPage(
  () => import('./CampaignPages'),
  (m) => m.CampaignEdit,
);
const CampaignCreate = lazyPage(
  () => import('./CampaignPages'),
  (m) => m.CampaignCreate,
);
const ExperimentList = lazyPage(
  () => import('./ExperimentPages'),
  (m) => m.ExperimentList,
);
const ExperimentEdit = lazyPage(
  () => import('./ExperimentPages'),
  (m) => m.ExperimentEdit,
);
const ExperimentCreate = lazyPage(
  () => import('./ExperimentPages'),
  (m) => m.ExperimentCreate,
);
const ProductList = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.ProductList,
);
const ProductEdit = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.ProductEdit,
);
const ProductCreate = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.ProductCreate,
);
const GoalList = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.GoalList,
);
const GoalEdit = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.GoalEdit,
);
const GoalCreate = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.GoalCreate,
);
const UrlListList = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.UrlListList,
);
const UrlListEdit = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.UrlListEdit,
);
const UrlListCreate = lazyPage(
  () => import('./CataloguePages'),
  (m) => m.UrlListCreate,
);

/**
 * The conversion-optimisation screens the console has (menu group "Conversion"). Which of them the
 * menu lists, and in which order, is the user's navigation (`cro/{resource}`, the API's policy).
 */
const conversion = { menuGroup: 'conversion' } as const;
export const croResources = [
  {
    name: 'ctas',
    list: CtaList,
    edit: CtaEdit,
    create: CtaCreate,
    icon: WidgetsOutlinedIcon,
    recordRepresentation: 'name',
    options: conversion,
  },
  {
    name: 'campaigns',
    list: CampaignList,
    edit: CampaignEdit,
    create: CampaignCreate,
    icon: CampaignOutlinedIcon,
    recordRepresentation: 'name',
    options: conversion,
  },
  {
    name: 'experiments',
    list: ExperimentList,
    edit: ExperimentEdit,
    create: ExperimentCreate,
    icon: ScienceOutlinedIcon,
    recordRepresentation: 'name',
    options: conversion,
  },
  {
    name: 'products',
    list: ProductList,
    edit: ProductEdit,
    create: ProductCreate,
    icon: Inventory2OutlinedIcon,
    recordRepresentation: 'name',
    options: conversion,
  },
  {
    name: 'goals',
    list: GoalList,
    edit: GoalEdit,
    create: GoalCreate,
    icon: FlagOutlinedIcon,
    recordRepresentation: 'name',
    options: conversion,
  },
  {
    name: 'url-lists',
    list: UrlListList,
    edit: UrlListEdit,
    create: UrlListCreate,
    icon: PlaylistAddCheckIcon,
    recordRepresentation: 'name',
    options: conversion,
  },
];
