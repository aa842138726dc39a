import BusinessIcon from '@mui/icons-material/Business';
import LanguageIcon from '@mui/icons-material/Language';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, Title, useGetIdentity, useGetList } from 'react-admin';

const CountCard = ({ resource, label, icon }: { resource: string; label: string; icon: ReactNode }) => {
  const { total, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Card sx={{ flex: '1 1 220px', maxWidth: 320 }}>
      <CardActionArea component={LinkBase} to={`/${resource}`}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 } }}>{icon}</Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h4" component="p" aria-label={`${label} count`}>
              {isPending ? <Skeleton width={40} /> : error ? '—' : (total ?? 0)}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

export const Dashboard = () => {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Platform console" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h5" component="h2">
            Welcome{identity?.fullName ? `, ${identity.fullName}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Manage your organisations and the websites they run.
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <CountCard resource="organisations" label="Organisations" icon={<BusinessIcon />} />
        <CountCard resource="websites" label="Websites" icon={<LanguageIcon />} />
      </Box>
    </Box>
  );
};
